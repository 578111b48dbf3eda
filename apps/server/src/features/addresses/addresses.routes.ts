import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { deleteAddress, presentAddress, saveAddress } from './address-book';
import { createAddressQueries } from './addresses.queries';
import { regionTree } from './regions';

export function registerAddressRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.areaList, async () => ({ list: regionTree() }));

  defineRoute(app, endpoints.addressList, async ({ deps, userId }) => ({
    list: (await createAddressQueries(deps.db).list(userId)).map(presentAddress),
  }));

  defineRoute(app, endpoints.saveAddress, ({ deps, userId, body }) =>
    saveAddress(deps.db, userId, body, deps.clock.now()),
  );

  defineRoute(app, endpoints.deleteAddress, ({ deps, userId, body }) =>
    deleteAddress(deps.db, userId, body.address_id),
  );
}
