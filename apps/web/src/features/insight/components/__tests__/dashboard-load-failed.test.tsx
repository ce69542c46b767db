import { screen } from '@testing-library/react';
import i18n from '../../../../lib/i18n.ts';
import { refusal, renderRoutes, serve } from '../../../../test/http-test-kit.tsx';
import { Component as DashboardPage } from '../dashboard-page.tsx';

afterAll(async () => {
  await i18n.changeLanguage('tr');
});

describe('WorqInsight dashboard that cannot load', () => {
  it.each([
    ['tr', 'Veriler yüklenirken bir hata oluştu.', 'Tekrar dene'],
    ['en', 'An error occurred while loading data.', 'Try again'],
  ] as const)("says so in the specification's words (%s) and offers to try again", async (language, text, retry) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['insight', 'tasks']);
    const broken = refusal(500, 'internal_error', 'Internal error');
    serve({ 'GET /insight/overview': broken, 'GET /insight/tips': broken });
    renderRoutes([{ path: '/worq-insight', element: <DashboardPage /> }], '/worq-insight');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: retry })).toBeInTheDocument();
  });
});
