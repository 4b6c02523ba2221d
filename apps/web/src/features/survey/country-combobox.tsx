/**
 * The Country question's field (spec §3 Country "free text with autocomplete over a fixed list of about
 * 140 countries, showing up to 5 matches"; §9): a React Aria combobox (DESIGN.md §3) that accepts any
 * text (allowsCustomValue) and suggests at most five countries (`countryFilter`). Keyboard: type, arrow
 * down into the suggestions, Enter picks one, Escape closes them; the mouse clicks a suggestion. An
 * error code shows under the field, linked by aria-describedby, the input marked invalid.
 *
 * While the suggestions are open React Aria hides the rest of the page from assistive technology
 * (aria-hidden, so a screen reader reaches the list it portals to the end of the page);
 * useInertWhileHidden makes that hidden content inert too, so nothing hidden stays focusable.
 */
import { useId, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { SURVEY_TEXT_MAX } from '@guildgate/contracts';
import { ui } from '../../shared/ui/index.ts';
import { useInertWhileHidden } from '../../shared/ui/use-inert-while-hidden.ts';
import { COUNTRY_ITEMS, countryFilter } from './survey-answers.ts';
import { QuestionError } from './survey-fields.tsx';
import styles from './survey.module.css';

/** Props of {@link CountryCombobox}. */
export interface CountryComboboxProps {
  label: string;
  /** The answer: the text in the field. */
  value: string;
  onChange: (value: string) => void;
  /** Error code to show under the field. */
  error?: string;
}

/** The Country combobox of survey step 2. */
export function CountryCombobox({ label, value, onChange, error }: CountryComboboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // One filter per field: it keeps the suggestions of the last typed text.
  const [filter] = useState(countryFilter);
  const [open, setOpen] = useState(false);
  useInertWhileHidden(open);
  return (
    <div className={styles.combobox} data-question="Country">
      <ComboBox
        className={styles.combobox}
        // The whole list, filtered by React Aria as the player types (its standard open/close
        // behaviour); controlled `items` recomputed per keystroke reach its collection one render late.
        defaultItems={COUNTRY_ITEMS}
        defaultFilter={filter}
        // A picked suggestion reaches the answer through onInputChange (React Aria puts its text in the
        // field).
        inputValue={value}
        onInputChange={onChange}
        allowsCustomValue
        onOpenChange={setOpen}
        isInvalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      >
        <Label className={ui.label}>{label}</Label>
        <Input className={ui.input} maxLength={SURVEY_TEXT_MAX} autoComplete="off" />
        <Popover className={styles.popover} placement="bottom start" offset={4}>
          <ListBox<{ id: string; name: string }> className={styles.listbox}>
            {(item) => (
              <ListBoxItem className={styles.suggestion} id={item.id} textValue={item.name}>
                {item.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <QuestionError id={errorId} error={error} />
    </div>
  );
}
