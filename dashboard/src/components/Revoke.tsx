import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Tenant } from '../api/client.ts';

/**
 * Revoking one record of a list after a confirmation naming it (an API key, a storefront key): which one is being
 * confirmed, the request, and afterwards the list and the audit log read again. `ask` opens the confirmation for a
 * record, `cancel` closes it; a refusal stays in `revoke.error` for the confirmation to show.
 */
export function useConfirmedRevoke<T>(tenant: Tenant, listKey: QueryKey, remove: (record: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<T | null>(null);
  const revoke = useMutation({
    mutationFn: remove,
    onSuccess: () => setConfirming(null),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  return {
    confirming,
    revoke,
    ask: (record: T) => {
      revoke.reset();
      setConfirming(record);
    },
    cancel: () => {
      revoke.reset();
      setConfirming(null);
    },
  };
}

/** A row's Revoke button, named for the record it revokes ("Revoke Billing sync"). */
export function RevokeButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button" aria-label={label} onClick={onClick}>
      Revoke
    </button>
  );
}
