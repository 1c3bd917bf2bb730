import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function BlogPostPage() {
  return <PlaceholderPage title="Blog Post" purpose="Read a full article from the Inkproof blog." />;
}
