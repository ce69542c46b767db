import { useTranslation } from '../../../lib/i18n.ts';
import { DocumentIcon } from '../../../components/ui/icon.tsx';
import { OverflowMenu } from '../../../components/ui/overflow-menu.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const stores = [
  ['Trendyol', 'Moda Dünyası', 'green'],
  ['Hepsiburada', 'Ev & Yaşam', 'orange'],
  ['N11', 'Teknoloji Merkezi', 'gray'],
  ['Çiçeksepeti', 'Çiçek Bahçesi', 'green'],
  ['Amazon', 'Global Store', 'green'],
  ['Ideasoft', 'Butik Atölye', 'orange'],
  ['Ticimax', 'Spor Market', 'gray'],
] as const;

export function OverflowSection() {
  const { t } = useTranslation('dev');
  const statusKey = { green: 'active', orange: 'out_of_date', gray: 'disabled' } as const;
  return (
    <GallerySection id="overflow-menu" title={t('gallery.overflow.title')} description={t('gallery.overflow.description')}>
      <div className={styles.scrollTable} tabIndex={0} role="region" aria-label={t('gallery.overflow.table_label')}>
        <table className={styles.dataTable}>
          <caption className="visually-hidden">{t('gallery.overflow.table_label')}</caption>
          <TableHead
            columns={[
              t('gallery.overflow.marketplace'),
              t('gallery.overflow.store'),
              t('gallery.overflow.status'),
              <span className="visually-hidden">{t('gallery.overflow.actions')}</span>,
            ]}
          />
          <tbody>
            {stores.map(([marketplace, store, colour]) => (
              <tr key={marketplace}>
                <td>{marketplace}</td>
                <td>{store}</td>
                <td>
                  <Tag color={colour} dot size="sm">
                    {t(`gallery.tags.${statusKey[colour]}`)}
                  </Tag>
                </td>
                <td className={styles.actionCell}>
                  <OverflowMenu
                    label={t('gallery.overflow.more_for', { name: store })}
                    items={[
                      {
                        label: t('gallery.overflow.edit'),
                        icon: <DocumentIcon />,
                        onSelect: () => toast.info(`${t('gallery.overflow.edit')}: ${store}`),
                      },
                      {
                        label: t('gallery.overflow.disable'),
                        disabled: colour === 'gray',
                        onSelect: () => toast.warning(`${t('gallery.overflow.disable')}: ${store}`),
                      },
                      {
                        label: t('gallery.overflow.remove'),
                        danger: true,
                        onSelect: () => toast.error(`${t('gallery.overflow.remove')}: ${store}`),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </GallerySection>
  );
}
