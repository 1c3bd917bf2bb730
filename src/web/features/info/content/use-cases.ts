/** The six fields of the use-cases page, each with concrete scenarios. */
export type UseCaseIcon = 'business' | 'education' | 'healthcare' | 'legal' | 'realEstate' | 'automotive';

export interface UseCase {
  id: string;
  icon: UseCaseIcon;
  title: string;
  summary: string;
  scenarios: readonly { title: string; text: string }[];
}

export const useCases: readonly UseCase[] = [
  {
    id: 'business',
    icon: 'business',
    title: 'Business',
    summary: 'Approvals and agreements that finance, suppliers and partners can check on the spot.',
    scenarios: [
      {
        title: 'Invoice and purchase-order approval',
        text: 'A manager signs an approval; accounts payable scans the QR code to see who approved it and when before paying.',
      },
      {
        title: 'Offer letters and NDAs',
        text: 'Upload the PDF, place your saved signature on the last page and send the signed copy — no printer, no scanner.',
      },
      {
        title: 'Quotes and e-mail sign-offs',
        text: 'Add a signature image with its reference to quotes, so a customer can confirm it came from you.',
      },
    ],
  },
  {
    id: 'education',
    icon: 'education',
    title: 'Education',
    summary: 'Certificates, reports and permission slips that parents and employers can trust.',
    scenarios: [
      {
        title: 'Certificates and transcripts',
        text: 'A registrar signs course certificates; an employer scans the QR code to confirm the certificate was really issued.',
      },
      {
        title: 'Permission slips',
        text: 'Parents sign a trip form on their phone in a minute and download a copy for themselves.',
      },
      {
        title: 'Reports and references',
        text: 'Teachers sign end-of-year reports and reference letters with a reference number the school can look up later.',
      },
    ],
  },
  {
    id: 'healthcare',
    icon: 'healthcare',
    title: 'Healthcare',
    summary:
      'Signed letters and notes that others can verify — while health details stay in your own systems.',
    scenarios: [
      {
        title: 'Fit notes and referral letters',
        text: 'A clinician signs a fit note; the patient’s employer scans the code to confirm who signed it and when.',
      },
      {
        title: 'Consent and intake forms',
        text: 'Patients sign a PDF form at reception on a tablet, and the clinic keeps the signed copy. Keep clinical details out of the reference data.',
      },
      {
        title: 'Internal checklists',
        text: 'Staff sign equipment checks and shift handovers, each with its own timestamp.',
      },
    ],
  },
  {
    id: 'legal',
    icon: 'legal',
    title: 'Legal',
    summary: 'Engagement letters and correspondence where forged signatures must be easy to spot.',
    scenarios: [
      {
        title: 'Engagement letters and fee agreements',
        text: 'Clients sign remotely; the firm gets a signed PDF and a reference for its file.',
      },
      {
        title: 'Verifiable correspondence',
        text: 'Letters carry a signature with a QR code, so a recipient can tell a genuine letter from a forged one.',
      },
      {
        title: 'Internal sign-offs',
        text: 'Partners approve filings and conflict checks with a timestamped, checkable signature.',
      },
    ],
  },
  {
    id: 'real-estate',
    icon: 'realEstate',
    title: 'Real estate',
    summary: 'Offers, leases and inventories signed quickly, wherever buyers and tenants are.',
    scenarios: [
      {
        title: 'Leases and inventories',
        text: 'Landlord and tenant sign the lease and the check-in inventory on the day, each with a verifiable record.',
      },
      {
        title: 'Offers',
        text: 'A buyer signs an offer from their phone the evening of a viewing, before anyone else does.',
      },
      {
        title: 'Listing agreements',
        text: 'Agents collect the seller’s signature on a listing agreement without a second visit.',
      },
    ],
  },
  {
    id: 'automotive',
    icon: 'automotive',
    title: 'Automotive',
    summary: 'Sales, repairs and handovers signed at the counter or from the driver’s seat.',
    scenarios: [
      {
        title: 'Sales and finance paperwork',
        text: 'Customers sign purchase agreements on a tablet in the showroom; the dealer keeps a signed PDF.',
      },
      {
        title: 'Repair authorisations',
        text: 'A workshop sends the estimate; the owner signs to approve the work before the mechanic starts.',
      },
      {
        title: 'Test drives and handovers',
        text: 'Drivers sign the test-drive agreement and the vehicle handover, each with a time you can check later.',
      },
    ],
  },
];
