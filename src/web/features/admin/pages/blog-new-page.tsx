import { NewPostPage } from '#web/features/blog/admin/pages/admin-blog-editor-page.tsx';

export default NewPostPage;
