/**
 * The newsletter module's public surface (spec §2 Newsletter, §7 newsletter calls): its routes, the
 * opt-in of registration, {@link playerDataEraser}, its part of account deletion (issue 20 §4), and the
 * lists as the operator console edits them (lists.ts, issue 24 §3).
 */
export { newsletterRoutes } from './routes.ts';
export { listOptIns, optInToEveryList, playerDataEraser, setOptIn, unsubscribe } from './service.ts';
export { playerDataExporter } from './exporter.ts';
export {
  newsletterListDetails,
  newsletterListNameTaken,
  removeNewsletterList,
  saveNewsletterList,
  type ListTranslation,
  type NewsletterListDetail,
} from './lists.ts';
