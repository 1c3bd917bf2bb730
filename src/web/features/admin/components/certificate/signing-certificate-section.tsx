import { useSigningCertificate } from '#web/features/admin/api/get-signing-certificate.ts';
import { Section } from '#web/components/admin-page.tsx';
import { CertificateFacts } from '#web/features/admin/components/certificate/certificate-facts.tsx';
import { CertificateUploadForm } from '#web/features/admin/components/certificate/certificate-upload-form.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.certificate;
const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/** The certificate that signs PDFs, and a form to replace it with the organisation's own. */
export function SigningCertificateSection() {
  const query = useSigningCertificate();
  return (
    <Section id="signing-certificate-heading" title={t.title} description={t.lead}>
      <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <div className={card}>
          {query.data ? <CertificateFacts info={query.data} /> : <QueryState query={query} />}
        </div>
        <section aria-labelledby="certificate-upload-heading" className={`${card} space-y-3`}>
          <div className="space-y-1">
            <h3 id="certificate-upload-heading" className="text-base font-semibold text-slate-900">
              {t.uploadTitle}
            </h3>
            <p className="text-sm text-slate-700">{t.uploadLead}</p>
          </div>
          <CertificateUploadForm />
        </section>
      </div>
    </Section>
  );
}
