import { Redirect } from 'wouter';

/** /signatures, the dashboard's name for My Signatures (part 1 §2). */
export default function SignaturesRedirectPage() {
  return <Redirect to="/my-signatures" replace />;
}
