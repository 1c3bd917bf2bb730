import { Redirect } from 'wouter';

/** /signatures, the dashboard's name for My Signatures. */
export default function SignaturesRedirectPage() {
  return <Redirect to="/my-signatures" replace />;
}
