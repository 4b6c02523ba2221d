/**
 * The cookie settings dialog of the consent manager (spec §4 "a settings modal with per-category
 * switches followed by confirm"): a React Aria modal dialog (DESIGN.md §3) named by its heading —
 * focus moves in and stays inside, Escape, Close or a click outside close it without a choice, and
 * focus returns to what opened it. One switch per active category of GET cookie (a visitor) or GET
 * cookie/user/{id} (a logged-in player), the necessary ones on and disabled; Confirm hands the
 * choice to the manager. Loaded on first use (it is the only user of the dialog library).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context.tsx';
import { ui } from '../ui/index.ts';
import {
  initialSelection,
  shownCategories,
  valuesFromSelection,
  writesForSelection,
  type ConsentSelection,
  type ConsentValues,
  type ConsentWrite,
} from './consent.ts';
import { ConsentSwitch } from './consent-switch.tsx';
import { COOKIE_QUERY_KEYS, fetchCookieCategories } from './use-consent.ts';
import styles from './consent-manager.module.css';
import dialog from '../ui/dialog.module.css';

/** A choice: the cookie values, and the server calls that store it for a logged-in player. */
export type ConsentChoice = (values: ConsentValues, writes: ConsentWrite[]) => void;

/** Props of {@link ConsentSettingsDialog}. */
export interface ConsentSettingsDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The logged-in player's Id_User, or null for a visitor. */
  idUser: string | null;
  /** The choice in force (the switches start from it), or null. */
  consent: ConsentValues | null;
  onChoose: ConsentChoice;
}

/** The dialog's content, mounted while it is open (so the switches start afresh every time). */
function SettingsBody({
  idUser,
  consent,
  onChoose,
}: Omit<ConsentSettingsDialogProps, 'isOpen' | 'onOpenChange'>) {
  const { t } = useTranslation();
  const api = useApi();
  const categories = useQuery({
    queryKey: idUser ? COOKIE_QUERY_KEYS.user(idUser) : COOKIE_QUERY_KEYS.anonymous,
    queryFn: () => fetchCookieCategories(api, idUser),
  });
  const [draft, setDraft] = useState<ConsentSelection | null>(null);
  const shown = categories.data ? shownCategories(categories.data) : [];
  const selection = draft ?? initialSelection(shown, consent);
  const confirm = () => {
    if (!categories.data) return;
    onChoose(valuesFromSelection(shown, selection), writesForSelection(shown, selection));
  };
  return (
    <>
      <Heading slot="title" level={2}>
        {t('consent.settingsHeading')}
      </Heading>
      <p>{t('consent.settingsIntro')}</p>
      {categories.isPending ? <p role="status">{t('consent.loading')}</p> : null}
      {categories.isError ? <p role="alert">{t('consent.loadFailed')}</p> : null}
      {shown.length > 0 ? (
        <ul className={styles.categories}>
          {shown.map((category) => (
            <li key={category.Id}>
              <ConsentSwitch
                category={category}
                isSelected={selection[category.Id] === true}
                onChange={(on) => setDraft({ ...selection, [category.Id]: on })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className={`${ui.actions} ${dialog.actions}`}>
        <Button className={ui.button} isDisabled={!categories.data} onPress={confirm}>
          {t('consent.confirm')}
        </Button>
        <Button slot="close" className={ui.buttonSecondary}>
          {t('consent.close')}
        </Button>
      </div>
    </>
  );
}

/** The cookie settings modal dialog. */
export function ConsentSettingsDialog({ isOpen, onOpenChange, ...body }: ConsentSettingsDialogProps) {
  return (
    <ModalOverlay className={dialog.overlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className={dialog.modal}>
        <Dialog className={dialog.dialog}>
          <SettingsBody {...body} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
