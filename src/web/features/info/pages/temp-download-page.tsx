import { Check, Download } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { RESET_TEMPLATE_URL } from '#web/features/info/api/get-reset-template.ts';
import { InfoHero } from '#web/features/info/components/info-hero.tsx';
import { MailPreview } from '#web/features/info/components/mail-preview.tsx';
import { infoText } from '#web/features/info/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const t = infoText.tempDownload;

/** Offers the password-reset e-mail the server really sends, as a downloadable HTML file. */
export default function TempDownloadPage() {
  usePageMeta({ fullTitle: t.metaTitle, description: t.metaDescription });
  return (
    <>
      <InfoHero eyebrow={t.eyebrow} title={t.title} lead={t.lead}>
        <a
          href={RESET_TEMPLATE_URL}
          download={t.fileName}
          className={`${buttonClasses('primary', 'lg')} mt-8`}
        >
          <Download aria-hidden="true" className="size-5" />
          {t.download}
        </a>
      </InfoHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <ul className="space-y-4">
          {t.facts.map((fact) => (
            <li key={fact} className="flex gap-3 text-slate-700">
              <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-emerald-700" />
              <span>{fact}</span>
            </li>
          ))}
        </ul>
        <section aria-labelledby="preview-title">
          <h2 id="preview-title" className="mb-4 text-xl font-semibold text-slate-900">
            {t.previewTitle}
          </h2>
          <MailPreview />
        </section>
      </div>
    </>
  );
}
