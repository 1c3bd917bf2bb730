/** The verification page's answers, a chunk loaded when a look-up or a seal check starts (lib/lazy-parts.ts). */
export { FailureCard } from '#web/features/verification/components/failure-card.tsx';
export { ResultCard } from '#web/features/verification/components/result-card.tsx';
export { SealCard } from '#web/features/verification/components/seal-card.tsx';
