/**
 * The log-in's second step (issue 22 §4): shown instead of the password form when the log-in answered a
 * SecondFactorTicket, loaded lazily (second-factor-slot.tsx). The shared second-factor form
 * (shared/second-factor, with its `second-factor` texts) offers the methods the answer named (`SecondFactorMethods`: the app's code, a
 * recovery code, a passkey) and "Remember this device for 30 days"; POST log/second-factor → Created,
 * then the log-in completes as any other (use-login-context.ts: the session, then the permitted
 * redirect or the /oauth hub's return).
 */
import SecondFactorForm from '../../shared/second-factor/second-factor-form.tsx';
import { useSecondFactorLogin } from './login-api.ts';
import type { SecondFactorChallenge } from './second-factor-slot.tsx';
import { useLoginContext } from './use-login-context.ts';

/** The second step of the log-in of `challenge`; `onBack` returns to the password form (the ticket is left to expire). */
export default function SecondFactorStep({
  challenge,
  onBack,
}: {
  challenge: SecondFactorChallenge;
  onBack: () => void;
}) {
  const { establishing, complete } = useLoginContext();
  const login = useSecondFactorLogin();
  return (
    <SecondFactorForm
      ticket={challenge.ticket}
      methods={challenge.methods}
      purpose="login"
      headingLevel={2}
      busy={establishing}
      onBack={onBack}
      send={async (proof) => {
        const answer = await login.mutateAsync({ Ticket: challenge.ticket, ...proof });
        await complete(answer.Created);
      }}
    />
  );
}
