import {
  ADDITIONAL_TERMS_LENGTH_MAX,
  BANNABLE_TEAMS,
  COD_GAME_MODES,
  COD_QUICK_PICK_WEAPONS,
  FC25_GAME_MODES,
  GOAL_HANDICAP_MAX,
  GOAL_HANDICAP_MIN,
  KILL_HANDICAP_MAX,
  KILL_HANDICAP_MIN,
  MATCH_DURATIONS,
  ROUND_LIMIT_MAX,
  ROUND_LIMIT_MIN,
  TIME_LIMIT_MINUTES_MAX,
  TIME_LIMIT_MINUTES_MIN,
  type CodRules,
  type Fc25Rules,
} from '@wager/domain/bets/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Badge, Button, Checkbox, Field, Input, Select, Textarea } from '../../../components/ui/primitives';

export const DEFAULT_FC25_RULES: Fc25Rules = {
  goalHandicap: 0,
  matchDuration: 90,
  allowedGameModes: [...FC25_GAME_MODES],
  bannedTeams: [],
  additionalTerms: '',
  requiresVerification: false,
};

export const DEFAULT_COD_RULES: CodRules = {
  killHandicap: 0,
  roundLimit: 1,
  timeLimit: 10,
  gameMode: 'team_deathmatch',
  bannedWeapons: [],
  allowKillstreaks: true,
  additionalTerms: '',
  requiresVerification: false,
};

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** FC25 custom rules: handicap, duration, at least one mode, banned teams from the list, terms. */
export function Fc25RulesDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; value: Fc25Rules; onApply: (rules: Fc25Rules) => void }) {
  const { t } = useTranslation();
  const [rules, setRules] = useState(props.value);
  const [team, setTeam] = useState('');
  const toggleMode = (mode: (typeof FC25_GAME_MODES)[number]) => {
    const has = rules.allowedGameModes.includes(mode);
    // The last remaining mode cannot be unchecked (spec section 5).
    if (has && rules.allowedGameModes.length === 1) return;
    setRules({ ...rules, allowedGameModes: has ? rules.allowedGameModes.filter((m) => m !== mode) : [...rules.allowedGameModes, mode] });
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={t('createChallenge.fc25.title')} testId="fc25-rules-dialog">
      <div className="form">
        <div className="grid-2">
          <Field label={t('createChallenge.fc25.goalHandicap')}>
            {(control) => (
              <Select {...control} value={rules.goalHandicap} onChange={(e) => setRules({ ...rules, goalHandicap: Number(e.target.value) })}>
                {range(GOAL_HANDICAP_MIN, GOAL_HANDICAP_MAX).map((v) => (
                  <option key={v} value={v}>
                    {signed(v)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('createChallenge.fc25.matchDuration')}>
            {(control) => (
              <Select {...control} value={rules.matchDuration} onChange={(e) => setRules({ ...rules, matchDuration: Number(e.target.value) })}>
                {MATCH_DURATIONS.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <fieldset className="fieldset">
          <legend>{t('createChallenge.fc25.allowedGameModes')}</legend>
          {FC25_GAME_MODES.map((mode) => (
            <Checkbox key={mode} label={mode} checked={rules.allowedGameModes.includes(mode)} onChange={() => toggleMode(mode)} />
          ))}
          <p className="hint">{t('createChallenge.fc25.lastModeHint')}</p>
        </fieldset>
        <Field label={t('createChallenge.fc25.bannedTeams')}>
          {(control) => (
            <div className="row">
              <Select {...control} value={team} onChange={(e) => setTeam(e.target.value)}>
                <option value="">{t('createChallenge.fc25.selectTeam')}</option>
                {BANNABLE_TEAMS.filter((name) => !rules.bannedTeams.includes(name)).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Select>
              <Button
                variant="outline"
                disabled={!team}
                onClick={() => {
                  const chosen = BANNABLE_TEAMS.find((name) => name === team);
                  if (chosen && !rules.bannedTeams.includes(chosen)) setRules({ ...rules, bannedTeams: [...rules.bannedTeams, chosen] });
                  setTeam('');
                }}
              >
                {t('createChallenge.fc25.addTeam')}
              </Button>
            </div>
          )}
        </Field>
        <div className="chips">
          {rules.bannedTeams.map((name) => (
            <Badge key={name}>
              {name}{' '}
              <button type="button" className="link-button" aria-label={t('createChallenge.fc25.removeTeam', { team: name })} onClick={() => setRules({ ...rules, bannedTeams: rules.bannedTeams.filter((n) => n !== name) })}>
                ×
              </button>
            </Badge>
          ))}
        </div>
        <Field label={t('createChallenge.fc25.additionalTerms')} hint={`${rules.additionalTerms.length}/${ADDITIONAL_TERMS_LENGTH_MAX}`}>
          {(control) => <Textarea {...control} maxLength={ADDITIONAL_TERMS_LENGTH_MAX} value={rules.additionalTerms} onChange={(e) => setRules({ ...rules, additionalTerms: e.target.value })} />}
        </Field>
        <Checkbox label={t('createChallenge.fc25.requiresVerification')} checked={rules.requiresVerification} onChange={(e) => setRules({ ...rules, requiresVerification: e.target.checked })} />
        <Button
          onClick={() => {
            props.onApply(rules);
            props.onOpenChange(false);
          }}
        >
          {t('createChallenge.fc25.apply')}
        </Button>
      </div>
    </Dialog>
  );
}

/** COD custom rules: mode, handicap, rounds, time limit, banned weapons (quick picks or typed), terms. */
export function CodRulesDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; value: CodRules; onApply: (rules: CodRules) => void }) {
  const { t } = useTranslation();
  const [rules, setRules] = useState(props.value);
  const [weapon, setWeapon] = useState('');
  const addWeapon = (name: string) => {
    const trimmed = name.trim();
    if (trimmed && !rules.bannedWeapons.includes(trimmed)) setRules({ ...rules, bannedWeapons: [...rules.bannedWeapons, trimmed] });
    setWeapon('');
  };
  const clampInt = (value: string, min: number, max: number, fallback: number) => {
    const n = Number.parseInt(value, 10);
    return Number.isNaN(n) ? fallback : Math.min(max, Math.max(min, n));
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={t('createChallenge.cod.title')} testId="cod-rules-dialog">
      <div className="form">
        <Field label={t('createChallenge.cod.gameMode')}>
          {(control) => (
            <Select {...control} value={rules.gameMode} onChange={(e) => setRules({ ...rules, gameMode: e.target.value as CodRules['gameMode'] })}>
              {COD_GAME_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`createChallenge.codModes.${mode}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid-3">
          <Field label={t('createChallenge.cod.killHandicap')}>
            {(control) => (
              <Input {...control} type="number" min={KILL_HANDICAP_MIN} max={KILL_HANDICAP_MAX} value={rules.killHandicap} onChange={(e) => setRules({ ...rules, killHandicap: clampInt(e.target.value, KILL_HANDICAP_MIN, KILL_HANDICAP_MAX, 0) })} />
            )}
          </Field>
          <Field label={t('createChallenge.cod.roundLimit')}>
            {(control) => (
              <Input {...control} type="number" min={ROUND_LIMIT_MIN} max={ROUND_LIMIT_MAX} value={rules.roundLimit} onChange={(e) => setRules({ ...rules, roundLimit: clampInt(e.target.value, ROUND_LIMIT_MIN, ROUND_LIMIT_MAX, 1) })} />
            )}
          </Field>
          <Field label={t('createChallenge.cod.timeLimit')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={TIME_LIMIT_MINUTES_MIN}
                max={TIME_LIMIT_MINUTES_MAX}
                value={rules.timeLimit}
                onChange={(e) => setRules({ ...rules, timeLimit: clampInt(e.target.value, TIME_LIMIT_MINUTES_MIN, TIME_LIMIT_MINUTES_MAX, 10) })}
              />
            )}
          </Field>
        </div>
        <Field label={t('createChallenge.cod.bannedWeapons')}>
          {(control) => (
            <div className="row">
              <Input
                {...control}
                placeholder={t('createChallenge.cod.weaponPlaceholder')}
                value={weapon}
                onChange={(e) => setWeapon(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addWeapon(weapon);
                  }
                }}
              />
              <Button variant="outline" disabled={!weapon.trim()} onClick={() => addWeapon(weapon)}>
                {t('createChallenge.cod.addWeapon')}
              </Button>
            </div>
          )}
        </Field>
        <div className="chips">
          {COD_QUICK_PICK_WEAPONS.filter((w) => !rules.bannedWeapons.includes(w)).map((w) => (
            <button key={w} type="button" className="chip" onClick={() => addWeapon(w)}>
              + {w}
            </button>
          ))}
        </div>
        <div className="chips">
          {rules.bannedWeapons.map((w) => (
            <Badge key={w} tone="danger">
              {w}{' '}
              <button type="button" className="link-button" aria-label={t('createChallenge.fc25.removeTeam', { team: w })} onClick={() => setRules({ ...rules, bannedWeapons: rules.bannedWeapons.filter((x) => x !== w) })}>
                ×
              </button>
            </Badge>
          ))}
        </div>
        <Checkbox label={t('createChallenge.cod.allowKillstreaks')} checked={rules.allowKillstreaks} onChange={(e) => setRules({ ...rules, allowKillstreaks: e.target.checked })} />
        <Field label={t('createChallenge.cod.additionalTerms')} hint={`${rules.additionalTerms.length}/${ADDITIONAL_TERMS_LENGTH_MAX}`}>
          {(control) => <Textarea {...control} maxLength={ADDITIONAL_TERMS_LENGTH_MAX} value={rules.additionalTerms} onChange={(e) => setRules({ ...rules, additionalTerms: e.target.value })} />}
        </Field>
        <Checkbox label={t('createChallenge.cod.requiresVerification')} checked={rules.requiresVerification} onChange={(e) => setRules({ ...rules, requiresVerification: e.target.checked })} />
        <Button
          onClick={() => {
            props.onApply(rules);
            props.onOpenChange(false);
          }}
        >
          {t('createChallenge.cod.apply')}
        </Button>
      </div>
    </Dialog>
  );
}

/** One line per rule that differs from the standard game. */
export function RulesSummary({ gameType, fc25, cod }: { gameType: 'fc25' | 'cod'; fc25: Fc25Rules; cod: CodRules }) {
  const { t } = useTranslation();
  const lines =
    gameType === 'fc25'
      ? [
          fc25.goalHandicap !== 0 ? t('createChallenge.summary.goalHandicap', { value: signed(fc25.goalHandicap) }) : null,
          t('createChallenge.summary.matchDuration', { value: fc25.matchDuration }),
          t('createChallenge.summary.modes', { value: fc25.allowedGameModes.join(', ') }),
          fc25.bannedTeams.length ? t('createChallenge.summary.bannedTeams', { value: fc25.bannedTeams.join(', ') }) : null,
          fc25.additionalTerms || null,
        ]
      : [
          t('createChallenge.summary.codMode', { value: t(`createChallenge.codModes.${cod.gameMode}`) }),
          t('createChallenge.summary.rounds', { value: cod.roundLimit }),
          t('createChallenge.summary.timeLimit', { value: cod.timeLimit }),
          cod.killHandicap !== 0 ? t('createChallenge.summary.killHandicap', { value: signed(cod.killHandicap) }) : null,
          cod.bannedWeapons.length ? t('createChallenge.summary.bannedWeapons', { value: cod.bannedWeapons.join(', ') }) : null,
          cod.allowKillstreaks ? null : t('createChallenge.summary.killstreaksOff'),
          cod.additionalTerms || null,
        ];
  return (
    <div className="rules-summary" data-testid="rules-summary">
      <strong>{t('createChallenge.rulesSummary')}</strong>
      <ul>
        {lines.filter(Boolean).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
