import { isSafeImageUrl } from '../../components/safe-url.ts';
import styles from './thumb.module.css';

/** A small preview of a stored image address in a list cell; nothing for an empty or unsafe address. */
export function Thumb({ url, alt }: { url: string | undefined; alt: string }) {
  if (!isSafeImageUrl(url)) return null;
  return <img src={url} alt={alt} className={styles.thumb} loading="lazy" />;
}
