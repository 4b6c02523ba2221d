/**
 * One cookie category as a labelled switch (spec §2 Cookies "Per-category switches"; §3 Cookie
 * category), used by the settings dialog of the consent manager and by the Cookies page: shared/ui's
 * Switch named by the category's Name and described by its Description. A necessary category is shown
 * on and cannot be changed.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CookieCategory } from '@guildgate/contracts';
import { Switch } from '../ui/switch.tsx';
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
  const descriptionId = `${useId()}-description`;
  const necessary = !category.IsOptional;
  return (
    <div className={styles.category}>
      <Switch
        label={category.Name}
        isSelected={necessary || isSelected}
        isDisabled={necessary || isBusy}
        describedBy={descriptionId}
        onChange={onChange}
      />
      <p id={descriptionId} className={styles.categoryDescription}>
        {category.Description}
        {necessary ? <strong className={styles.alwaysOn}>{t('consent.alwaysOn')}</strong> : null}
      </p>
    </div>
  );
}
