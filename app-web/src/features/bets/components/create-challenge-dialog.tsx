import { zodResolver } from '@hookform/resolvers/zod';
import { BET_AMOUNT_DEFAULT, GAME_TYPES, betAmountSchema, platformUsernameSchema, type CodRules, type Fc25Rules } from '@wager/domain/bets/rules';
import { Money } from '@wager/domain/money/money';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog } from '../../../components/ui/dialog';
import { Alert, Button, Checkbox, Field, Input, Select } from '../../../components/ui/primitives';
import { toastProcessing } from '../../../components/ui/processing-toast';
import { toast } from '../../../components/ui/toast';
import { isProcessing } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { covers, formatMoney, stakeCost } from '../../../lib/money';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { useCreateBet } from '../api/bet-queries';
import { CodRulesDialog, DEFAULT_COD_RULES, DEFAULT_FC25_RULES, Fc25RulesDialog, RulesSummary } from './rules-dialogs';
import { errorMessage } from '../../../lib/error-message';
import { SaferPlayBanner, breakInForce } from '../../profile';
import { FrozenMoneyNotice, freezeInForce } from '../../auth';
import { OpponentPicker } from './opponent-picker';

/** "Link Copied" shows for 2 s after copying (spec section 2). */
export const LINK_COPIED_MS = 2000;
export const DAILY_LIMIT_DEFAULT = '50000';

/** The dialog's fields, validated by the domain's amount and platform-username rules. */
export const createChallengeFormSchema = z.object({
  gameType: z.enum(GAME_TYPES),
  amount: betAmountSchema,
  opponentId: z.string().trim(),
  platformUsername: platformUsernameSchema,
  visibility: z.enum(['private', 'public']),
  allowReplays: z.boolean(),
  customRulesEnabled: z.boolean(),
});
export type CreateChallengeFormInput = z.input<typeof createChallengeFormSchema>;
type CreateChallengeFormOutput = z.output<typeof createChallengeFormSchema>;

/** Copies text, falling back to the legacy copy method when the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** Spec section 5 pre-checks: balance covers stake + fee, and the daily limit is not passed. */
export function affordabilityRefusal(user: User, amount: string): { title: 'insufficient' | 'dailyLimit'; total: string; fee: string } | null {
  const cost = stakeCost(amount);
  if (!cost) return null;
  if (!covers(user.balance, cost.total)) return { title: 'insufficient', ...cost };
  // null: the player removed their own daily stake limit (safer play), so there is none to pass.
  if (user.dailyLimit === null) return null;
  const limit = user.dailyLimit || DAILY_LIMIT_DEFAULT;
  if (new Money(user.dailySpent || '0').plus(cost.total).gt(limit)) return { title: 'dailyLimit', ...cost };
  return null;
}

export function ShareLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="row share-link">
      <Input readOnly value={link} aria-label={t('createChallenge.shareTitle')} data-testid="share-link" onFocus={(e) => e.target.select()} />
      <Button variant="outline" onClick={() => void copyText(link).then(() => setCopied(true))}>
        {copied ? t('common.linkCopied') : t('createChallenge.copyLink')}
      </Button>
    </div>
  );
}

/** The player a direct challenge goes to (from Find Opponents): only they can accept it. */
export interface DirectOpponent {
  readonly id: string;
  readonly username: string;
  readonly gameType?: 'fc25' | 'cod';
}

function defaults(user: User, opponent?: DirectOpponent | null): CreateChallengeFormInput {
  return {
    gameType: opponent?.gameType ?? 'fc25',
    amount: String(BET_AMOUNT_DEFAULT),
    opponentId: opponent?.id ?? '',
    platformUsername: user.psnUsername ?? '',
    visibility: 'private',
    allowReplays: false,
    customRulesEnabled: false,
  };
}

/** Create Challenge (spec section 2): fields, rules dialogs, fee and total lines, share link. */
export function CreateChallengeDialog({ user, open, onOpenChange, opponent }: { user: User; open: boolean; onOpenChange: (open: boolean) => void; opponent?: DirectOpponent | null }) {
  const { t } = useTranslation();
  const create = useCreateBet();
  const form = useForm<CreateChallengeFormInput, unknown, CreateChallengeFormOutput>({ resolver: zodResolver(createChallengeFormSchema), defaultValues: defaults(user, opponent) });
  // Opened for another opponent (Find Opponents): start from that player.
  /** The opponent picked by name in the dialog (its id is the form's opponentId). */
  const [picked, setPicked] = useState<{ id: string; username: string } | null>(null);
  useEffect(() => {
    if (open) {
      form.reset(defaults(user, opponent));
      setPicked(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, opponent?.id]);
  const [fc25Rules, setFc25Rules] = useState<Fc25Rules>(DEFAULT_FC25_RULES);
  const [codRules, setCodRules] = useState<CodRules>(DEFAULT_COD_RULES);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [shareLink, setShareLink] = useState<string | null>(null);
  /** The API answered 202: the challenge is recorded, the lists will show it when it lands. */
  const [processing, setProcessing] = useState(false);
  const values = useWatch({ control: form.control });
  const cost = stakeCost(String(values.amount ?? ''));
  const { errors } = form.formState;

  const reset = () => {
    form.reset(defaults(user, opponent));
    setFc25Rules(DEFAULT_FC25_RULES);
    setCodRules(DEFAULT_COD_RULES);
    setShareLink(null);
    setProcessing(false);
    setPicked(null);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit((data) => {
    const refusal = affordabilityRefusal(user, data.amount);
    if (refusal?.title === 'insufficient') {
      return toast({
        title: t('createChallenge.insufficientTitle'),
        description: t('createChallenge.insufficientText', { total: formatMoney(refusal.total), fee: formatMoney(refusal.fee), balance: formatMoney(user.balance) }),
        type: 'error',
      });
    }
    if (refusal?.title === 'dailyLimit') {
      return toast({ title: t('createChallenge.dailyLimitTitle'), description: t('createChallenge.dailyLimitText', { limit: formatMoney(user.dailyLimit || DAILY_LIMIT_DEFAULT) }), type: 'error' });
    }
    const rules = data.customRulesEnabled ? (data.gameType === 'fc25' ? fc25Rules : codRules) : {};
    create.mutate(
      {
        gameType: data.gameType,
        amount: data.amount,
        ...(data.opponentId ? { opponentId: data.opponentId } : {}),
        visibility: data.visibility,
        platformUsername: data.platformUsername || null,
        matchRules: { noAiAssistance: true, standardLength: true, allowReplays: data.allowReplays },
        customRulesEnabled: data.customRulesEnabled,
        ...rules,
      },
      {
        onSuccess: (response) => {
          // A 202 still carries the share link: keep it, and let the live updates bring the bet.
          const still = isProcessing(response);
          const link = still ? response.shareableLink : (response.shareableLink ?? (response.bet as { shareableLink?: string } | undefined)?.shareableLink);
          if (still) toastProcessing('processing.challengeText');
          else toast({ title: t('createChallenge.createdTitle'), description: t('createChallenge.createdText'), type: 'success' });
          setProcessing(still);
          if (link) setShareLink(link);
          else close(false);
        },
        onError: (error) => toast({ title: t('createChallenge.errorTitle'), description: errorMessage(error), type: 'error' }),
      },
    );
  });

  if (shareLink) {
    return (
      <Dialog open={open} onOpenChange={close} title={t('createChallenge.createdTitle')} description={t('createChallenge.createdText')} testId="create-challenge-dialog">
        <div className="form">
          {processing ? (
            <Alert tone="info" data-testid="processing-notice">
              {t('processing.challengeText')}
            </Alert>
          ) : null}
          <h3>{t('createChallenge.shareTitle')}</h3>
          <ShareLink link={shareLink} />
          <Button onClick={() => close(false)}>{t('createChallenge.done')}</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title={t('createChallenge.title')} description={t('createChallenge.description')} testId="create-challenge-dialog">
      <form className="form" noValidate onSubmit={submit} aria-label={t('createChallenge.title')}>
        <SaferPlayBanner selfExcludedUntil={user.selfExcludedUntil} coolOffUntil={user.coolOffUntil} />
        <FrozenMoneyNotice reason={freezeInForce(user)} />
        <Field label={t('createChallenge.gameType')}>
          {(control) => (
            <Select {...control} {...form.register('gameType')}>
              {GAME_TYPES.map((game) => (
                <option key={game} value={game}>
                  {t(`bets.games.${game}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('createChallenge.amount')} error={translateMessage(errors.amount?.message)}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register('amount')} />}
        </Field>
        <dl className="cost-lines" data-testid="cost-lines">
          <div className="row-between">
            <dt>{t('createChallenge.platformFee')}</dt>
            <dd data-testid="platform-fee">{cost ? formatMoney(cost.fee) : '—'}</dd>
          </div>
          <div className="row-between">
            <dt>
              <strong>{t('createChallenge.totalCost')}</strong>
            </dt>
            <dd data-testid="total-cost">
              <strong>{cost ? formatMoney(cost.total) : '—'}</strong>
            </dd>
          </div>
          <div className="muted">{t('createChallenge.yourBalance', { amount: formatMoney(user.balance) })}</div>
        </dl>
        <Field label={t('createChallenge.platformUsername')} error={translateMessage(errors.platformUsername?.message)}>
          {(control) => <Input {...control} {...form.register('platformUsername')} />}
        </Field>
        {opponent ? (
          <Alert tone="info" data-testid="direct-opponent">
            {t('pages.opponents.directTo', { name: opponent.username })}
          </Alert>
        ) : (
          <OpponentPicker
            value={picked}
            onChange={(player) => {
              setPicked(player);
              form.setValue('opponentId', player?.id ?? '');
            }}
          />
        )}
        <fieldset className="fieldset">
          <legend>{t('createChallenge.visibility')}</legend>
          <label className="checkbox">
            <input type="radio" value="private" {...form.register('visibility')} /> <span>{t('createChallenge.private')}</span>
          </label>
          <label className="checkbox">
            <input type="radio" value="public" {...form.register('visibility')} /> <span>{t('createChallenge.public')}</span>
          </label>
        </fieldset>
        <Checkbox label={t('createChallenge.allowReplays')} {...form.register('allowReplays')} />
        <Checkbox label={t('createChallenge.customRules')} {...form.register('customRulesEnabled')} />
        {values.customRulesEnabled ? (
          <>
            <Button variant="outline" onClick={() => setRulesOpen(true)}>
              {values.gameType === 'cod' ? t('createChallenge.editCodRules') : t('createChallenge.editFc25Rules')}
            </Button>
            <RulesSummary gameType={values.gameType === 'cod' ? 'cod' : 'fc25'} fc25={fc25Rules} cod={codRules} />
          </>
        ) : (
          <p className="muted">{t('createChallenge.noCustomRules')}</p>
        )}
        {create.isError ? <Alert tone="danger">{errorMessage(create.error)}</Alert> : null}
        <Button type="submit" size="lg" disabled={create.isPending || breakInForce(user) !== null || freezeInForce(user) !== null}>
          {create.isPending ? t('createChallenge.creating') : t('createChallenge.create')}
        </Button>
      </form>
      {rulesOpen && values.gameType === 'cod' ? <CodRulesDialog open={rulesOpen} onOpenChange={setRulesOpen} value={codRules} onApply={setCodRules} /> : null}
      {rulesOpen && values.gameType !== 'cod' ? <Fc25RulesDialog open={rulesOpen} onOpenChange={setRulesOpen} value={fc25Rules} onApply={setFc25Rules} /> : null}
    </Dialog>
  );
}
