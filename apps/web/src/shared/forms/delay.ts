/** Submit protection helper (spec §4 "Forms delay submission 200-300 ms"; §9 form submit 300 ms). */
import { LIMITS } from '@guildgate/contracts';

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits the form submit delay of spec §9, then runs `action`. */
export async function afterSubmitDelay<T>(action: () => Promise<T>): Promise<T> {
  await delay(LIMITS.formSubmitDelayMs);
  return action();
}
