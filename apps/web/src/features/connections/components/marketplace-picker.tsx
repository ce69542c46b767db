import { useTranslation } from '../../../lib/i18n.ts';
import type { Marketplace } from '../api/marketplaces.ts';
import { marketplaceLogoUrl } from '../marketplace-catalogue.ts';
import styles from './connections.module.css';

/** Step 1: the marketplaces as a grid of large buttons; choosing one moves on. */
export function MarketplacePicker({
  marketplaces,
  onSelect,
}: {
  marketplaces: Marketplace[];
  onSelect: (marketplace: Marketplace) => void;
}) {
  const { t } = useTranslation('connections');
  return (
    <div className={styles.pickerBlock}>
      <h3 className={styles.stepHeading}>{t('picker.legend')}</h3>
      <ul className={styles.pickerGrid}>
        {marketplaces.map((marketplace) => (
          <li key={marketplace.id}>
            <button type="button" className={styles.pickerOption} onClick={() => onSelect(marketplace)}>
              <img src={marketplaceLogoUrl(marketplace.code)} alt="" width={96} height={32} className={styles.pickerLogo} />
              <span>{marketplace.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
