/**
 * An on/off switch (spec §2 Cookies "Per-category switches", Newsletter "a toggle each"): a native
 * checkbox with role=switch, restyled (switch.module.css), named by its `<label>` and optionally
 * described by another element; operable by keyboard (Space), by every assistive technology and by
 * pointer on the control or its label.
 */
import { useId, type ReactNode } from 'react';
import styles from './switch.module.css';

/** Props of {@link Switch}. */
export interface SwitchProps {
  /** The switch's name, shown before it. */
  label: ReactNode;
  /** On or off. */
  isSelected: boolean;
  /** The player moved it (the new position). */
  onChange: (isSelected: boolean) => void;
  /** Cannot be moved (e.g. a necessary category, or while a change is being saved). */
  isDisabled?: boolean;
  /** Id of an element describing the switch (aria-describedby). */
  describedBy?: string;
}

/** The switch and its name on one line. */
export function Switch({ label, isSelected, onChange, isDisabled = false, describedBy }: SwitchProps) {
  const id = useId();
  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.name}>
        {label}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={isSelected}
        disabled={isDisabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
