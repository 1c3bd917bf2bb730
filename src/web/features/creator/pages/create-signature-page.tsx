import { Creator } from '#web/features/creator/components/creator.tsx';

export default function CreateSignaturePage() {
  return <Creator />;
}
