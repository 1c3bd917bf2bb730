import type { App } from '../app-types.ts';

/**
 * Every route names its answers (`schema.response`, zod schemas from src/shared/<module>/answers.ts):
 * a route registered without them stops the server from being built, so an answer can never go
 * out unchecked or grow a field by accident. The static files' catch-all is the one exception:
 * its answers are the build's files.
 */
export function requireDeclaredAnswers(app: App) {
  app.addHook('onRoute', (route) => {
    if (route.url === '/*') return;
    if (!route.schema?.response) {
      const methods = [route.method].flat().join(',');
      throw new Error(`${methods} ${route.url} declares no answer: add schema.response`);
    }
  });
}
