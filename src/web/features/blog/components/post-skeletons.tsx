import { LoadingState } from '#web/components/ui/spinner.tsx';

const bar = 'animate-pulse rounded bg-slate-200';

/** Three placeholder cards while the list loads; the status text is for screen readers. */
export function PostCardSkeletons({ label }: { label: string }) {
  return (
    <div>
      <div className="sr-only">
        <LoadingState label={label} />
      </div>
      <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <li key={n} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
            <div className={`${bar} h-5 w-24`} />
            <div className={`${bar} h-6 w-3/4`} />
            <div className={`${bar} h-4 w-full`} />
            <div className={`${bar} h-4 w-5/6`} />
            <div className={`${bar} h-4 w-24`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The shape of a post while it loads. */
export function PostSkeleton({ label }: { label: string }) {
  return (
    <div>
      <div className="sr-only">
        <LoadingState label={label} />
      </div>
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-5 w-28`} />
        <div className={`${bar} h-10 w-4/5`} />
        <div className={`${bar} h-4 w-40`} />
        <div className={`${bar} mt-8 aspect-[40/21] w-full`} />
        <div className={`${bar} h-4 w-full`} />
        <div className={`${bar} h-4 w-11/12`} />
      </div>
    </div>
  );
}
