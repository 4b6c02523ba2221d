/**
 * The English texts of the password strength meter (issue 22 §9; shared/ui/password-strength-meter.tsx),
 * the `password-strength` namespace: a chunk of their own, loaded with the meter when the player first
 * focuses a new-password field (i18n.ts PAGE_NAMESPACES), so no page's first visit grows. Texts the
 * end-to-end tests read are marked (e2e).
 */
export const PASSWORD_STRENGTH_EN = {
  /** The meter's announced text: "Password strength: weak". */
  label: 'Password strength: {{level}}', // e2e
  levels: {
    weak: 'weak', // e2e
    fair: 'fair',
    good: 'good',
    strong: 'strong', // e2e
  },
  common: 'This password is too common or too easy to guess.', // e2e
  advice: 'A few unrelated words make a long password that is easy to remember.',
} as const;
