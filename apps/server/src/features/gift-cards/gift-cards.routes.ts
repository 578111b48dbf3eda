import { endpoints } from '@picbook/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { deviceIdOf } from '../../platform/http/device-id';
import { registerDeletionStep } from '../auth';
import {
  activateCard,
  findPrize,
  listActivations,
  listCards,
  listPrizes,
  setPrizeAddress,
} from './family-cards';
import { createGiftCardQueries } from './gift-cards.queries';
import type { Guesser } from './guess-limits';
import { checkGiftCode, redeemGiftCode } from './redeem-code';

const guesser = (request: FastifyRequest, userId: number): Guesser => ({
  userId,
  deviceId: deviceIdOf(request),
  ip: request.ip,
});

/** Gift cards and redeem codes (learning-content §7; decision 051). */
export function registerGiftCardRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.giftCards, ({ deps, userId }) => listCards(deps, userId));
  defineRoute(app, endpoints.giftCardActivations, ({ deps, userId }) =>
    listActivations(deps, userId),
  );
  defineRoute(app, endpoints.giftCardActivate, ({ deps, userId, body }) =>
    activateCard(deps, userId, body.id),
  );
  defineRoute(app, endpoints.giftCardCheck, ({ deps, userId, query, request }) =>
    checkGiftCode(deps, guesser(request, userId), query.gift_code),
  );
  defineRoute(app, endpoints.giftCardRedeem, ({ deps, userId, body, request }) =>
    redeemGiftCode(deps, guesser(request, userId), body.gift_code),
  );
  defineRoute(app, endpoints.giftPrizes, ({ deps, userId }) => listPrizes(deps, userId));
  defineRoute(app, endpoints.giftPrize, ({ deps, userId, params }) =>
    findPrize(deps, userId, params.skuId, params.itemId),
  );
  defineRoute(app, endpoints.giftPrizeAddress, ({ deps, userId, body }) =>
    setPrizeAddress(deps, userId, { id: body.id, addressId: body.address_id }),
  );

  // Redeemed cards stay (their codes must never work again); a prize's delivery address goes.
  registerDeletionStep({
    name: 'gift-cards',
    async inTransaction(tx, user) {
      await createGiftCardQueries(tx).forgetDeliveries(user.id);
    },
  });
}
