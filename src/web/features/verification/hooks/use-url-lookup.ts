import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { normalizeReference } from '#shared/signatures/reference.ts';
import { claimedFrom, type LookupRequest } from '#web/features/verification/lib/lookup-types.ts';

const PATH = '/verify-signature';

const keyOf = (request: LookupRequest) =>
  request.target.kind === 'ref' ? `ref:${request.target.ref}` : `id:${request.target.id}`;

/**
 * With ?ref= (or ?reference=, the form's field) the reference look-up runs at once,
 * else with ?id= the look-up by id.
 * Look-ups started on the page write their reference into the address (without the link's other
 * details), so it can be shared or reloaded; that does not start the same look-up twice.
 */
export function useUrlLookup(run: (request: LookupRequest) => void) {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const last = useRef('');
  // ?reference= is the form itself, sent before the page's script ran (decision 036)
  const ref = (params.get('ref') || params.get('reference'))?.trim() ?? '';
  const id = params.get('id')?.trim() ?? '';
  const claimed = claimedFrom(params);
  const claimedKey = JSON.stringify(claimed ?? null);

  useEffect(() => {
    const request: LookupRequest | null = ref
      ? {
          target: { kind: 'ref', ref: normalizeReference(ref) },
          claimed: JSON.parse(claimedKey) ?? undefined,
        }
      : id
        ? { target: { kind: 'id', id }, claimed: JSON.parse(claimedKey) ?? undefined }
        : null;
    if (!request || keyOf(request) === last.current) return;
    last.current = keyOf(request);
    run(request);
  }, [ref, id, claimedKey, run]);

  const remember = (request: LookupRequest | null) => {
    last.current = request ? keyOf(request) : '';
    const search = request
      ? new URLSearchParams(
          request.target.kind === 'ref' ? { ref: request.target.ref } : { id: request.target.id },
        ).toString()
      : '';
    navigate(search ? `${PATH}?${search}` : PATH, { replace: true });
  };

  return { hasTarget: Boolean(ref || id), urlReference: ref, remember };
}
