import { mission } from '#web/features/info/content/about.ts';
import { infoText } from '#web/features/info/messages.ts';

export function MissionSection() {
  return (
    <section aria-labelledby="mission-title" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="mission-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {infoText.about.missionTitle}
        </h2>
        {mission.map((paragraph) => (
          <p key={paragraph.slice(0, 24)} className="mt-4 text-lg leading-8 text-slate-700">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}
