/**
 * The bets feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { betDetailsQueries, fetchEvidence } from './api/bet-details';
export type { BetDetails, BetResolution, BetTimelineEntry } from './api/bet-details';
export { betIdOf, betOf, betQueries, challengeQueries, useAcceptInvite, useCancelBet, useDeclineBet, useJoinChallenge } from './api/bet-queries';
export type { BetListFilter, PublicChallengeFilters } from './api/bet-queries';
export { AppealButton, AppealSection } from './components/appeal-section';
export { AppealSlot } from './components/appeal-slot';
export { BetStatusBadge, betTimeLine, disputeReasonText, formatDateTime, isActive, opponentName, outcomeFor, relativeTime } from './components/bet-display';
export { CreateChallengeDialog, copyText } from './components/create-challenge-dialog';
export type { DirectOpponent } from './components/create-challenge-dialog';
export { MoneyPanel, betLedgerQuery } from './components/money-panel';
export type { EscrowProof } from './components/money-panel';
export { PullToRefresh } from './components/pull-to-refresh';
export { ReportResultButton, ReportResultProvider, useReportAction } from './components/report-result';
export { UploadResultDialog } from './components/upload-result-dialog';
