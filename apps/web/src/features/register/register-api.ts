/** POST register/new-user (spec §7 Registration; §3 Register form), after the submit delay (spec §4, §9). */
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';

/** The register call; resolves on 201. */
export function useRegisterUser() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      afterSubmitDelay(() => api.call('POST', 'register/new-user', { body })),
  });
}
