// The blog's admin pages live in the admin area (its pages route here) and share its page frame.
export { AdminPage as AdminBlogFrame } from '#web/components/admin-page.tsx';
