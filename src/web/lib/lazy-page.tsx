import { lazy, type ComponentType, type ReactNode } from 'react';

export type Page = ComponentType & { load: () => Promise<unknown> };
type Provider = ComponentType<{ children: ReactNode }>;
type Module<T> = Promise<{ default: T }>;

/**
 * A lazily loaded page. Once its code has arrived (`load`, or a first lazy render) it is rendered
 * directly, so a page loaded before the first render shows without a loading state. With
 * `loadProvider` the page always renders inside that provider, the lazy render included: the page
 * and its provider are one component, made once both have arrived. (Rendering the lazy page
 * outside the provider until both had arrived made a page first opened by navigation throw "No
 * QueryClient set" in a concurrent render, which React then recovered from.)
 */
export function lazyPage(
  loadChunk: () => Module<ComponentType>,
  loadProvider: (() => Module<Provider>) | null,
): Page {
  let Ready: ComponentType | null = null;
  let loading: Module<ComponentType> | null = null;
  const load = () =>
    (loading ??= Promise.all([loadChunk(), loadProvider?.()]).then(
      ([module, provider]) => {
        const Loaded = module.default;
        const Wrapper = provider?.default;
        Ready = Wrapper
          ? () => (
              <Wrapper>
                <Loaded />
              </Wrapper>
            )
          : Loaded;
        return { default: Ready };
      },
      (err: unknown) => {
        loading = null; // a later render or preload tries again
        throw err;
      },
    ));
  const Lazy = lazy(load);
  const Page = () => (Ready ? <Ready /> : <Lazy />);
  return Object.assign(Page, { load });
}
