import type { ErrorInfo } from 'react-dom/client';

/**
 * A render that threw and then succeeded when React tried again reaches the console as a bare
 * "Minified React error #520": what threw, and in which component, is only on its `cause` and in
 * the component stack. Report those, so the console (and a browser test) says what failed.
 */
export function reportRecoverableError(error: unknown, info: ErrorInfo) {
  if (!(error instanceof Error) || !(error.cause instanceof Error)) return reportError(error);
  const { cause } = error;
  const where = info.componentStack ? `\n${info.componentStack.trim()}` : '';
  reportError(new Error(`${error.message} Cause: ${cause.message}${where}`, { cause }));
}
