/**
 * A player's avatar in the studio's theme (spec §2 Account dashboard "avatar", Login identified view,
 * Deletion step 3, Blocked users; §1 branding): the image at `url` (decorative: the player's name is
 * always next to it) on the brand's primary colour with an accent ring (avatar.module.css), or the
 * player's initial in that style when there is no image.
 */
import styles from './avatar.module.css';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The avatar's address (User.AvatarUrl); empty for none. */
  url: string;
  /** The player's name: its first letter stands in when there is no image. */
  name: string;
  /** small 2.5rem (lists), medium 3.5rem (cards), large 5rem (the dashboard). */
  size?: 'small' | 'medium' | 'large';
}

/** The avatar (an `<img alt="">`, or the initial hidden from assistive technology). */
export function Avatar({ url, name, size = 'medium' }: AvatarProps) {
  const className = `${styles.avatar} ${styles[size]}`;
  if (url) return <img className={className} src={url} alt="" />;
  return (
    <span className={`${className} ${styles.initial}`} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
