/**
 * The recovery codes of a first second factor (issue 22 §2), shown once: after the authenticator app's
 * set-up and after a first passkey (issue 22 §3: the API answers them with POST account/passkeys when
 * the passkey is the player's first second factor). The list (named for the tests and screen readers),
 * Copy, Download (recovery-codes.txt), and Done, enabled once the player ticks "I have saved my recovery
 * codes". Its heading takes focus as it appears.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, StatusMessage, ui } from '../../shared/ui/index.ts';
import { saveTextFile } from '../../shared/browser/save-file.ts';
import styles from './security-page.module.css';

/** Saves the recovery codes as a text file. */
function downloadCodes(codes: readonly string[]): void {
  saveTextFile(`${codes.join('\n')}\n`, 'recovery-codes.txt', 'text/plain');
}

/**
 * The recovery codes, shown once, with Copy, Download and the "I saved them" confirmation.
 * @param codes the ten codes as the API answered them
 * @param intro what the codes are for (the text differs after an app and after a passkey)
 * @param onDone the player saved them: the section goes on
 */
export function RecoveryCodes({
  codes,
  intro,
  onDone,
}: {
  codes: readonly string[];
  intro: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('security');
  const [saved, setSaved] = useState(false);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={ui.stack}>
      <h4 ref={heading} tabIndex={-1}>
        {t('totp.codesHeading')}
      </h4>
      <p>{intro}</p>
      <ul className={styles.codes} aria-label={t('totp.codesHeading')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className={styles.actions}>
        <button
          type="button"
          className={ui.buttonSecondary}
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(() => setNotice(t('totp.copied')))
          }
        >
          {t('totp.copy')}
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={() => downloadCodes(codes)}>
          {t('totp.download')}
        </button>
      </p>
      <StatusMessage message={notice} />
      <CheckboxField
        label={t('totp.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <p className={styles.actions}>
        <button type="button" className={ui.button} disabled={!saved} onClick={onDone}>
          {t('totp.done')}
        </button>
      </p>
    </div>
  );
}
