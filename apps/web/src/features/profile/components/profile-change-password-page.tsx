import { PagePlaceholder } from '../../../components/ui/page-placeholder.tsx';

export function Component() {
  return <PagePlaceholder titleKey="routes.profile_change_password" />;
}
