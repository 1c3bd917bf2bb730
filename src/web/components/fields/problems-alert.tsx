import { Alert } from '#web/components/ui/alert.tsx';

/** What stands in the way of sending or saving, listed above the fields; nothing when there is none. */
export function ProblemsAlert({ title, problems }: { title: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert tone="error" role="alert" title={title}>
      <ul className="list-disc pl-4">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  );
}
