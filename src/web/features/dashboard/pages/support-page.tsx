import { PageHeading } from '#web/components/page-heading.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { SupportFaq } from '../components/support-faq.tsx';
import { SupportForm } from '../components/support-form.tsx';
import { supportText as t } from '../support-messages.ts';

/** /support: answers to the common questions and a contact form that reaches the admins. */
export default function SupportPage() {
  usePageMeta({ title: t.title, description: t.lead });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeading title={t.title} lead={t.lead} />
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <SupportFaq />
        <SupportForm />
      </div>
    </div>
  );
}
