/**
 * The `errors` namespace: server refusals rendered from their stable `code` and `params`
 * (docs/api.md lists them), with i18next interpolation. Money params (`needed`, `fee`, `balance`,
 * `dailyLimit`, `dailySpent`) arrive formatted in the refusal's currency. Only codes whose text
 * carries run-time values (or that clients should not need the English text for) are here; any
 * other refusal falls back to `messages.ts` (keyed by the English text), then to the text itself.
 * The English texts are the server's own, so English users see exactly what the API says.
 */
export const enErrors = {
  insufficient_balance: 'Insufficient Balance: You need {{needed}} (including {{fee}} fee) but only have {{balance}}.',
  daily_limit_exceeded: 'Daily Limit Exceeded: This bet would exceed your daily limit of {{dailyLimit}}.',
  insufficient_crypto_balance: 'Insufficient balance',
  amount_decimal_places: 'Amount must have at most {{decimals}} decimal places',
  crypto_amount_out_of_range: 'Amount must be between {{min}} and {{max}} {{cryptocurrency}}',
  unsupported_cryptocurrency: 'Unsupported cryptocurrency {{cryptocurrency}}',
  network_not_available: '{{cryptocurrency}} is not available on {{network}}',
  invalid_address: 'Invalid {{network}} address',
  withdrawal_not_pending: 'Withdrawal is {{status}}',
  under_age: 'You must be 18 or older to register (Current age: {{age}})',
  invalid_verification_code: 'Invalid verification code',
  resend_too_soon: 'Please wait before requesting another code',
  verification_code_locked: 'Too many wrong codes. Request a new code.',
  too_many_login_attempts: 'Too many login attempts. Please try again later.',
  too_many_reset_requests: 'Too many reset requests. Please try again later.',
  idempotency_conflict: 'This request conflicts with another one already recorded. Refresh and try again.',
  // Chat (domain/src/chat/rules.ts): the English texts are the server's own.
  message_empty: 'Message cannot be empty',
  message_too_long: 'Message must be at most {{max}} characters',
  message_invalid_characters: 'Message contains invalid characters',
  chat_rate_limited: 'You are sending messages too fast',
  chat_not_participant: 'Only the participants and the moderator can post in this chat',
  chat_closed: 'This chat is closed',
  chat_not_found: 'Chat not found',
  moderator_already_requested: 'A moderator has already been requested for this chat',
  moderator_already_joined: 'Another moderator has already joined this chat',
  participant_cannot_moderate: 'A participant cannot moderate their own chat',
  not_moderator: 'Only moderators can join a chat as moderator',
} as const;

export type ErrorCode = keyof typeof enErrors;
/** Every language fills in every code. */
export type ErrorTranslations = Record<ErrorCode, string>;

export const esErrors: ErrorTranslations = {
  insufficient_balance: 'Saldo insuficiente: necesitas {{needed}} (incluida la comisión de {{fee}}) pero solo tienes {{balance}}.',
  daily_limit_exceeded: 'Límite diario superado: esta apuesta superaría tu límite diario de {{dailyLimit}}.',
  insufficient_crypto_balance: 'Saldo insuficiente',
  amount_decimal_places: 'El importe puede tener como máximo {{decimals}} decimales',
  crypto_amount_out_of_range: 'El importe debe estar entre {{min}} y {{max}} {{cryptocurrency}}',
  unsupported_cryptocurrency: 'Criptomoneda no admitida: {{cryptocurrency}}',
  network_not_available: '{{cryptocurrency}} no está disponible en la red {{network}}',
  invalid_address: 'Dirección {{network}} no válida',
  withdrawal_not_pending: 'La retirada está en estado «{{status}}»',
  under_age: 'Debes tener 18 años o más para registrarte (edad actual: {{age}})',
  invalid_verification_code: 'Código de verificación no válido',
  resend_too_soon: 'Espera antes de pedir otro código',
  verification_code_locked: 'Demasiados códigos incorrectos. Pide un código nuevo.',
  too_many_login_attempts: 'Demasiados intentos de inicio de sesión. Inténtalo de nuevo más tarde.',
  too_many_reset_requests: 'Demasiadas solicitudes de restablecimiento. Inténtalo de nuevo más tarde.',
  idempotency_conflict: 'Esta solicitud choca con otra ya registrada. Actualiza la página e inténtalo de nuevo.',
  message_empty: 'El mensaje no puede estar vacío',
  message_too_long: 'El mensaje puede tener como máximo {{max}} caracteres',
  message_invalid_characters: 'El mensaje contiene caracteres no válidos',
  chat_rate_limited: 'Estás enviando mensajes demasiado rápido',
  chat_not_participant: 'Solo los participantes y el moderador pueden escribir en este chat',
  chat_closed: 'Este chat está cerrado',
  chat_not_found: 'Chat no encontrado',
  moderator_already_requested: 'Ya se ha solicitado un moderador para este chat',
  moderator_already_joined: 'Otro moderador ya se ha unido a este chat',
  participant_cannot_moderate: 'Un participante no puede moderar su propio chat',
  not_moderator: 'Solo los moderadores pueden unirse a un chat como moderador',
};

export const frErrors: ErrorTranslations = {
  insufficient_balance: 'Solde insuffisant : il vous faut {{needed}} (dont {{fee}} de frais) mais vous n’avez que {{balance}}.',
  daily_limit_exceeded: 'Limite quotidienne dépassée : ce pari dépasserait votre limite quotidienne de {{dailyLimit}}.',
  insufficient_crypto_balance: 'Solde insuffisant',
  amount_decimal_places: 'Le montant peut avoir au maximum {{decimals}} décimales',
  crypto_amount_out_of_range: 'Le montant doit être compris entre {{min}} et {{max}} {{cryptocurrency}}',
  unsupported_cryptocurrency: 'Cryptomonnaie non prise en charge : {{cryptocurrency}}',
  network_not_available: '{{cryptocurrency}} n’est pas disponible sur le réseau {{network}}',
  invalid_address: 'Adresse {{network}} invalide',
  withdrawal_not_pending: 'Le retrait est à l’état « {{status}} »',
  under_age: 'Vous devez avoir 18 ans ou plus pour vous inscrire (âge actuel : {{age}})',
  invalid_verification_code: 'Code de vérification invalide',
  resend_too_soon: 'Veuillez patienter avant de demander un autre code',
  verification_code_locked: 'Trop de codes erronés. Demandez un nouveau code.',
  too_many_login_attempts: 'Trop de tentatives de connexion. Réessayez plus tard.',
  too_many_reset_requests: 'Trop de demandes de réinitialisation. Réessayez plus tard.',
  idempotency_conflict: 'Cette demande entre en conflit avec une autre déjà enregistrée. Actualisez la page et réessayez.',
  message_empty: 'Le message ne peut pas être vide',
  message_too_long: 'Le message doit contenir au plus {{max}} caractères',
  message_invalid_characters: 'Le message contient des caractères non valides',
  chat_rate_limited: 'Vous envoyez des messages trop vite',
  chat_not_participant: 'Seuls les participants et le modérateur peuvent écrire dans ce chat',
  chat_closed: 'Ce chat est fermé',
  chat_not_found: 'Chat introuvable',
  moderator_already_requested: 'Un modérateur a déjà été demandé pour ce chat',
  moderator_already_joined: 'Un autre modérateur a déjà rejoint ce chat',
  participant_cannot_moderate: 'Un participant ne peut pas modérer son propre chat',
  not_moderator: 'Seuls les modérateurs peuvent rejoindre un chat en tant que modérateur',
};
