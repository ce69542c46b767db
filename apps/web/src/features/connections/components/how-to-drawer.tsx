import { useTranslation } from '../../../lib/i18n.ts';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { howToStepCounts, marketplaceLogoUrl, marketplaceName } from '../marketplace-catalogue.ts';
import styles from './connections.module.css';

/** The callback the seller registers in their Ideasoft API application (this app's own page). */
export function ideasoftRedirectUri(): string {
  return `${window.location.origin}/ideasoft-callback`;
}

/** The how-to-connect drawer (specification §1): one marketplace's steps. */
export function HowToDrawer({ code, open, onClose }: { code: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('connections');
  const count = howToStepCounts[code] ?? 0;
  return (
    <Drawer open={open} onClose={onClose} title={t('howto.title', { marketplace: marketplaceName(code) })} className={styles.howToPanel}>
      <img src={marketplaceLogoUrl(code)} alt="" width={120} height={40} className={styles.howToLogo} />
      <p className={styles.note}>{t('howto.intro')}</p>
      <ol className={styles.howToSteps}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>{t(`howto.${code}.step_${index + 1}`, { redirect_uri: ideasoftRedirectUri() })}</li>
        ))}
      </ol>
    </Drawer>
  );
}
