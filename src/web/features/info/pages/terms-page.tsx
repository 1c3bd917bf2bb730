import { Redirect } from 'wouter';

/** The terms live on the about page; /terms (linked from the auth page) goes straight to them. */
export default function TermsPage() {
  return <Redirect to="/about#terms" replace />;
}
