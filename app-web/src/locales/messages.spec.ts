// Proves that every refusal text of the live tracker and the support form, which the web shows as the server sent it, has a Spanish and a French translation.
import { describe, expect, it } from 'vitest';
import { liveMessages } from '@wager/domain/live/rules';
import { supportMessages } from '@wager/domain/support/index';
import { esMessages, frMessages } from './messages';

describe('translations of server texts', () => {
  const texts = [...Object.values(liveMessages), ...Object.values(supportMessages)];

  it.each([
    ['es', esMessages],
    ['fr', frMessages],
  ])('translate every live tracking and support refusal into %s', (_language, translations) => {
    const missing = texts.filter((text) => !translations[text]);
    expect(missing).toEqual([]);
  });
});
