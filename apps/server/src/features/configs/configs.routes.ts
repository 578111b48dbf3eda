import { endpoints } from '@picbook/contracts';
import { isPromotionActive } from '@picbook/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { loadConfigs, loadPromotions, loadSmsAreas } from './configs.store';

export function registerConfigRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.configs, ({ deps, request }) => loadConfigs(deps.db, request.log));

  defineRoute(app, endpoints.promotion, async ({ deps, request, query }) => {
    const now = Math.floor(deps.clock.now().getTime() / 1000);
    const all = await loadPromotions(deps.db, request.log);
    const client = { webVer: query.web_ver, edition: query.edition, asPhone: query.as_phone, now };
    return { list: all.filter((item) => isPromotionActive(item, client)) };
  });

  defineRoute(app, endpoints.smsAreas, ({ deps, request }) => loadSmsAreas(deps.db, request.log));
}
