/**
 * One cookie category as a labelled switch (spec §2 Cookies "Per-category switches"; §3 Cookie
 * category), used by the settings dialog of the consent manager and by the Cookies page. A native
 * checkbox with role=switch, restyled (like shared/ui's CheckboxField): named by the category's Name
 * through its <label>, described by its Description, operable by keyboard (Space), by every assistive
 * technology and by pointer on the control or its label. A necessary category is shown on and
 * cannot be changed.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CookieCategory } from '@guildgate/contracts';
import styles from './consent-manager.module.css';

/** Props of {@link ConsentSwitch}. */
export interface ConsentSwitchProps {
  category: CookieCategory;
  /** The switch position (ignored for a necessary category, always on). */
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  /** Disables an optional category's switch (e.g. while a change is being saved). */
  isBusy?: boolean;
}

/** A category row: name and switch, then the description (and 'Always on' for a necessary one). */
export function ConsentSwitch({ category, isSelected, onChange, isBusy = false }: ConsentSwitchProps) {
  const { t } = useTranslation();
  const id = useId();
  const descriptionId = `${id}-description`;
  const necessary = !category.IsOptional;
  return (
    <div className={styles.category}>
      <div className={styles.switchRow}>
        <label htmlFor={id} className={styles.switchName}>
          {category.Name}
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={necessary || isSelected}
          disabled={necessary || isBusy}
          aria-describedby={descriptionId}
          onChange={(event) => onChange(event.target.checked)}
        />
      </div>
      <p id={descriptionId} className={styles.categoryDescription}>
        {category.Description}
        {necessary ? <strong className={styles.alwaysOn}>{t('consent.alwaysOn')}</strong> : null}
      </p>
    </div>
  );
}
