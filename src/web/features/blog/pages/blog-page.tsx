import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function BlogPage() {
  return (
    <PlaceholderPage
      title="Blog"
      purpose="News, guides and tips about electronic signatures and how to verify them."
    />
  );
}
