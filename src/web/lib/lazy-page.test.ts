import {
  createContext,
  createElement,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { prerender } from 'react-dom/static';
import { expect, test } from 'vitest';
import { lazyPage } from './lazy-page.tsx';

const Client = createContext<string | null>(null);
function Provider({ children }: { children: ReactNode }) {
  return createElement(Client.Provider, { value: 'client' }, children);
}
/** A page that, like a query page, cannot render outside its provider. */
function NeedsProvider() {
  const client = useContext(Client);
  if (!client) throw new Error('No client set');
  return createElement('p', null, `page with ${client}`);
}

const later = <T>(value: T) => new Promise<{ default: T }>((r) => setTimeout(() => r({ default: value }), 5));

async function render(Page: ComponentType) {
  const errors: unknown[] = [];
  const { prelude } = await prerender(createElement(Suspense, { fallback: 'loading' }, createElement(Page)), {
    onError: (err) => void errors.push(err),
  });
  const html = await new Response(prelude).text();
  return { html, errors };
}

test('a page first rendered before its code arrived renders inside its provider', async () => {
  const Page = lazyPage(
    () => later(NeedsProvider as ComponentType),
    () => later(Provider),
  );
  const { html, errors } = await render(Page);
  expect(errors).toEqual([]);
  expect(html).toContain('page with client');
});

test('a page loaded beforehand renders at once, inside its provider', async () => {
  const Page = lazyPage(
    () => later(NeedsProvider as ComponentType),
    () => later(Provider),
  );
  await Page.load();
  const { html, errors } = await render(Page);
  expect(errors).toEqual([]);
  expect(html).toContain('<p>page with client</p>');
  expect(html).not.toContain('loading');
});

test('a page without a provider renders alone; a failed load is tried again', async () => {
  let calls = 0;
  const Plain = () => createElement('p', null, 'plain');
  const Page = lazyPage(() => (++calls === 1 ? Promise.reject(new Error('offline')) : later(Plain)), null);
  await expect(Page.load()).rejects.toThrow('offline');
  await Page.load();
  expect(calls).toBe(2);
  expect((await render(Page)).html).toContain('<p>plain</p>');
});
