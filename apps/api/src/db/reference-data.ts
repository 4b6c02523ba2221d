/**
 * The texts of the reference data the server sends (issue 19 §7 "French, completely"): cookie
 * categories (spec §3 Cookie category, §9 names), newsletter lists (§3 Newsletter opt-in) and deletion
 * reasons (§3 Deletion type), each in English — the reference row itself — and in French — its row of
 * the translation tables of migration 0016. `db/seed.ts` writes both at every start. Plain data with no
 * imports, so that the end-to-end tests can read the English texts a French page must not show.
 */

/**
 * The cookie categories (spec §3 Cookie category, §9 names), in English, with their French texts
 * (`cookie_category_translations`, migration 0016).
 */
export const COOKIE_CATEGORIES = [
  {
    name: 'Necessary cookies',
    description: 'Needed for the site to work: your session and your choices.',
    is_active: 1,
    is_optional: 0,
    fr: {
      name: 'Cookies nécessaires',
      description: 'Indispensables au fonctionnement du site : votre session et vos choix.',
    },
  },
  {
    name: 'Analytical cookies',
    description: 'Help us understand how the site is used, anonymously.',
    is_active: 1,
    is_optional: 1,
    fr: {
      name: 'Cookies analytiques',
      description: 'Nous aident à comprendre, de façon anonyme, comment le site est utilisé.',
    },
  },
  {
    name: 'Marketing cookies',
    description: 'Let partners show you offers that match your interests.',
    is_active: 1,
    is_optional: 1,
    fr: {
      name: 'Cookies marketing',
      description:
        'Permettent à nos partenaires de vous proposer des offres adaptées à vos centres d’intérêt.',
    },
  },
] as const;

/** The newsletter lists (spec §3 Newsletter opt-in), in English, with their French names. */
export const NEWSLETTER_LISTS = [
  { name: 'Community news', fr: 'Actualités de la communauté' },
  { name: 'Game updates and patch notes', fr: 'Mises à jour des jeux et notes de version' },
  { name: 'Events and contests', fr: 'Événements et concours' },
] as const;

/** The deletion reasons (spec §3 Deletion type), in English, with their French descriptions. */
export const DELETION_TYPES = [
  { description: 'I no longer play these games', is_other: 0, fr: 'Je ne joue plus à ces jeux' },
  { description: 'I have another account', is_other: 0, fr: "J'ai un autre compte" },
  { description: 'I am concerned about my privacy', is_other: 0, fr: 'Je suis inquiet pour ma vie privée' },
  { description: 'Other', is_other: 1, fr: 'Autre' },
] as const;
