/** Query keys of the blog: public list and post, and the admin's list and post. */
export const blogKeys = {
  all: ['blog'] as const,
  list: () => ['blog', 'list'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  admin: ['blog', 'admin'] as const,
  adminList: (page: number, q: string) => ['blog', 'admin', 'list', page, q] as const,
  adminPost: (id: number) => ['blog', 'admin', 'post', id] as const,
};
