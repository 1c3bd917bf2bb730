export { default } from '#web/features/blog/admin/pages/admin-blog-list-page.tsx';
