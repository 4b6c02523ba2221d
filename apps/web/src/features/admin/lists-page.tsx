/**
 * /admin/lists — the newsletter lists and the cookie categories (issue 24 §3; GET/POST
 * admin/newsletter-lists, PUT/DELETE admin/newsletter-lists/{id}; the same under
 * admin/cookie-categories). Every staff role reads them with their translations and, for lists, how
 * many players opted in (`platform.read`); an admin (`platform.manage`) adds one, edits its name (and
 * a category's description, whether it is active and optional) in English and in each other language,
 * or removes it. The players' own Newsletter and Cookies pages show the change at once. The API keeps
 * what the spec requires (e.g. a necessary cookie category cannot be removed: its code in the error
 * list).
 */
import { useState, type SyntheticEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ENDPOINTS,
  TRANSLATION_LOCALES,
  type AdminCookieCategory,
  type AdminNewsletterList,
} from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { CheckboxField, ErrorSummary, TextField, ui, useConfirmation } from '../../shared/ui/index.ts';
import { can, errorCodesOf, useAdmin } from './admin-context.ts';
import { useActionMessages, useConfirmedChange } from './admin-ui.tsx';
import styles from './admin.module.css';

/** A name and description per language of a draft ('en' the main one). */
type Texts = Record<string, { name: string; description: string }>;

/** The texts of a row: the main language and its translations. */
function textsOf(row: {
  Name: string;
  Description?: string;
  Translations: readonly { Locale: string; Name: string; Description?: string }[];
}): Texts {
  const texts: Texts = { en: { name: row.Name, description: row.Description ?? '' } };
  for (const locale of TRANSLATION_LOCALES) {
    const tr = row.Translations.find((x) => x.Locale === locale);
    texts[locale] = { name: tr?.Name ?? '', description: tr?.Description ?? '' };
  }
  return texts;
}

const emptyTexts = (): Texts =>
  Object.fromEntries(['en', ...TRANSLATION_LOCALES].map((l) => [l, { name: '', description: '' }]));

/** The form of one list or category: its texts per language and, for categories, the two switches. */
function SettingForm({
  kind,
  initial,
  initialFlags,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  kind: 'list' | 'category';
  initial: Texts;
  initialFlags: { active: boolean; optional: boolean };
  busy: boolean;
  submitLabel: string;
  onSubmit: (texts: Texts, flags: { active: boolean; optional: boolean }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const [texts, setTexts] = useState(initial);
  const [flags, setFlags] = useState(initialFlags);
  const set = (locale: string, patch: Partial<Texts[string]>) =>
    setTexts((all) => ({ ...all, [locale]: { ...all[locale], ...patch } }));
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit(texts, flags);
  };
  return (
    <form className={ui.stack} onSubmit={submit}>
      {Object.keys(texts).map((locale) => (
        <div key={locale} className={ui.stack}>
          <TextField
            label={t('lists.name', { language: t(`lists.languages.${locale}`) })}
            value={texts[locale].name}
            onChange={(e) => set(locale, { name: e.target.value })}
          />
          {kind === 'category' ? (
            <TextField
              label={t('lists.description', { language: t(`lists.languages.${locale}`) })}
              value={texts[locale].description}
              onChange={(e) => set(locale, { description: e.target.value })}
            />
          ) : null}
        </div>
      ))}
      {kind === 'category' ? (
        <>
          <CheckboxField
            label={t('lists.active')}
            checked={flags.active}
            onChange={(e) => setFlags((f) => ({ ...f, active: e.target.checked }))}
          />
          <CheckboxField
            label={t('lists.optional')}
            checked={flags.optional}
            onChange={(e) => setFlags((f) => ({ ...f, optional: e.target.checked }))}
          />
        </>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={ui.buttonSecondary} onClick={onCancel}>
            {t('player.confirm.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The languages of a draft the staff member filled in (the others are left out). */
const filledLocales = (texts: Texts) => TRANSLATION_LOCALES.filter((locale) => texts[locale].name.trim());

/** A list's translations, as the API takes them. */
function listTranslations(texts: Texts) {
  return filledLocales(texts).map((locale) => ({ Locale: locale, Name: texts[locale].name.trim() }));
}

/** A category's translations, as the API takes them. */
function categoryTranslations(texts: Texts) {
  return filledLocales(texts).map((locale) => ({
    Locale: locale,
    Name: texts[locale].name.trim(),
    Description: texts[locale].description.trim(),
  }));
}

/** One section: newsletter lists or cookie categories. */
function SettingSection({ kind }: { kind: 'list' | 'category' }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const { done, failed, messages } = useActionMessages(['admin', kind]);
  const { confirm, dialog } = useConfirmation();
  const manage = can(me, 'platform.manage');
  const [editing, setEditing] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const section = kind === 'list' ? 'lists.newsletter' : 'lists.cookies';
  const rows = useQuery({
    queryKey: ['admin', kind],
    queryFn: async (): Promise<(AdminNewsletterList | AdminCookieCategory)[]> =>
      kind === 'list'
        ? (await guard(() => api.call(ENDPOINTS.getAdminNewsletterLists))).Lists
        : (await guard(() => api.call(ENDPOINTS.getAdminCookieCategories))).Categories,
  });
  const save = useMutation({
    mutationFn: ({
      id,
      texts,
      flags,
    }: {
      id: number | null;
      texts: Texts;
      flags: { active: boolean; optional: boolean };
    }): Promise<unknown> => {
      if (kind === 'list') {
        const body = { Name: texts.en.name.trim(), Translations: listTranslations(texts) };
        return guard(() =>
          id === null
            ? api.call(ENDPOINTS.postAdminNewsletterLists, { body })
            : api.call(ENDPOINTS.putAdminNewsletterLists, { params: { id }, body }),
        );
      }
      const body = {
        Name: texts.en.name.trim(),
        Description: texts.en.description.trim(),
        IsActive: flags.active,
        IsOptional: flags.optional,
        Translations: categoryTranslations(texts),
      };
      return guard(() =>
        id === null
          ? api.call(ENDPOINTS.postAdminCookieCategories, { body })
          : api.call(ENDPOINTS.putAdminCookieCategories, { params: { id }, body }),
      );
    },
    onSuccess: async (_answer, { id, texts }) => {
      setEditing(null);
      if (id === null) setFormKey((k) => k + 1);
      await done(t('lists.saved', { name: texts.en.name.trim() }));
    },
    onError: failed,
  });
  const remove = useConfirmedChange({
    run: ({ Id: id }: { Id: number; Name: string }) =>
      guard(() =>
        kind === 'list'
          ? api.call(ENDPOINTS.deleteAdminNewsletterLists, { params: { id } })
          : api.call(ENDPOINTS.deleteAdminCookieCategories, { params: { id } }),
      ),
    question: (row) => ({
      title: t('lists.removeTitle', { name: row.Name }),
      body: t(kind === 'list' ? 'lists.removeListBody' : 'lists.removeCategoryBody'),
      confirmLabel: t('lists.remove'),
    }),
    doneMessage: (row) => t('lists.removed', { name: row.Name }),
    actions: { done, failed },
    confirm,
  });
  const headingId = `admin-${kind}-heading`;
  const busy = save.isPending || remove.isPending;
  return (
    <section aria-labelledby={headingId} className={ui.stack}>
      <h2 id={headingId}>{t(`${section}Heading`)}</h2>
      {messages}
      {rows.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : rows.isError ? (
        <ErrorSummary codes={errorCodesOf(rows.error)} />
      ) : (
        <ul className={ui.stack}>
          {rows.data.map((row) => (
            <li key={row.Id} className={styles.card}>
              {editing === row.Id ? (
                <SettingForm
                  kind={kind}
                  initial={textsOf(row)}
                  initialFlags={{
                    active: 'IsActive' in row ? row.IsActive : true,
                    optional: 'IsOptional' in row ? row.IsOptional : true,
                  }}
                  busy={busy}
                  submitLabel={t('lists.save')}
                  onSubmit={(texts, flags) => save.mutate({ id: row.Id, texts, flags })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <p>
                    <strong>{row.Name}</strong>
                    {row.Translations.map((tr) => ` · ${tr.Locale}: ${tr.Name}`).join('')}
                  </p>
                  {'OptInCount' in row ? <p>{t('lists.optIns', { count: row.OptInCount })}</p> : null}
                  {'IsOptional' in row ? (
                    <p>
                      {[
                        row.IsActive ? t('lists.isActive') : t('lists.isInactive'),
                        row.IsOptional ? t('lists.isOptional') : t('lists.isRequired'),
                      ].join(' · ')}
                    </p>
                  ) : null}
                  {manage ? (
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={ui.buttonSecondary}
                        aria-label={t('lists.editLabel', { name: row.Name })}
                        onClick={() => setEditing(row.Id)}
                      >
                        {t('lists.edit')}
                      </button>
                      <button
                        type="button"
                        className={ui.buttonDangerSecondary}
                        aria-label={t('lists.removeLabel', { name: row.Name })}
                        disabled={busy}
                        onClick={() => void remove.ask(row)}
                      >
                        {t('lists.remove')}
                      </button>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage ? (
        <section aria-labelledby={`${headingId}-new`} className={ui.stack}>
          <h3 id={`${headingId}-new`}>{t(`${section}New`)}</h3>
          <SettingForm
            key={formKey}
            kind={kind}
            initial={emptyTexts()}
            initialFlags={{ active: true, optional: true }}
            busy={busy}
            submitLabel={t('lists.add')}
            onSubmit={(texts, flags) => save.mutate({ id: null, texts, flags })}
          />
        </section>
      ) : null}
      {dialog}
    </section>
  );
}

/** The lists page: newsletter lists, then cookie categories. */
export function ListsPage() {
  return (
    <div className={ui.stack}>
      <SettingSection kind="list" />
      <SettingSection kind="category" />
    </div>
  );
}
