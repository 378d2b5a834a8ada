/**
 * The `privacy` namespace: the profile's "Your data" card (issue 28: a copy of everything the
 * platform holds about the player), in English, Spanish and French.
 */
export const enPrivacy = {
  title: 'Your data',
  intro: 'Download a copy of everything we hold about you: your profile, your account and wallet history, your bets, the chat messages you sent and your notifications, as one JSON file.',
  download: 'Download my data',
  preparing: 'Preparing your copy…',
  ready: 'Your copy is downloaded ({{file}}).',
  failed: 'Could not prepare your copy. Please try again.',
  eraseTitle: 'Erase my account',
  eraseIntro: 'We erase your name, email, phone, birth date and messages. Your open bets and pools play out first and your balance must be withdrawn. Your financial records are kept without your name for five years, as the law requires. You can cancel during the waiting period.',
  erasePassword: 'Your password',
  eraseButton: 'Erase my account',
  eraseScheduled: 'Your account will be erased after {{date}}. We sent you an email about it.',
  blockerBets_one: 'Finish or cancel your open bet first',
  blockerBets_other: 'Finish or cancel your {{count}} open bets first',
  blockerPools_one: 'Your open pool must finish first',
  blockerPools_other: 'Your {{count}} open pools must finish first',
  blockerBalance: 'Withdraw your balance first ({{amount}} {{currency}})',
  eraseCancel: 'Cancel the erasure',
};
export type PrivacyTranslations = typeof enPrivacy;

export const esPrivacy: PrivacyTranslations = {
  title: 'Tus datos',
  intro: 'Descarga una copia de todo lo que guardamos sobre ti: tu perfil, el historial de tu cuenta y tu monedero, tus apuestas, los mensajes de chat que enviaste y tus notificaciones, en un archivo JSON.',
  download: 'Descargar mis datos',
  preparing: 'Preparando tu copia…',
  ready: 'Tu copia se ha descargado ({{file}}).',
  failed: 'No se pudo preparar tu copia. Inténtalo de nuevo.',
  eraseTitle: 'Borrar mi cuenta',
  eraseIntro: 'Borramos tu nombre, correo, teléfono, fecha de nacimiento y mensajes. Antes deben terminar tus apuestas y pools abiertos y debes retirar tu saldo. Tus registros financieros se conservan sin tu nombre durante cinco años, como exige la ley. Puedes cancelarlo durante el periodo de espera.',
  erasePassword: 'Tu contraseña',
  eraseButton: 'Borrar mi cuenta',
  eraseScheduled: 'Tu cuenta se borrará después del {{date}}. Te hemos enviado un correo.',
  blockerBets_one: 'Termina o cancela antes tu apuesta abierta',
  blockerBets_other: 'Termina o cancela antes tus {{count}} apuestas abiertas',
  blockerPools_one: 'Tu pool abierto debe terminar antes',
  blockerPools_other: 'Tus {{count}} pools abiertos deben terminar antes',
  blockerBalance: 'Retira antes tu saldo ({{amount}} {{currency}})',
  eraseCancel: 'Cancelar el borrado',
};

export const frPrivacy: PrivacyTranslations = {
  title: 'Vos données',
  intro: 'Téléchargez une copie de tout ce que nous conservons sur vous : votre profil, l’historique de votre compte et de votre portefeuille, vos paris, les messages de chat que vous avez envoyés et vos notifications, dans un fichier JSON.',
  download: 'Télécharger mes données',
  preparing: 'Préparation de votre copie…',
  ready: 'Votre copie est téléchargée ({{file}}).',
  failed: 'Impossible de préparer votre copie. Veuillez réessayer.',
  eraseTitle: 'Effacer mon compte',
  eraseIntro: 'Nous effaçons votre nom, votre e-mail, votre téléphone, votre date de naissance et vos messages. Vos paris et pools ouverts doivent d’abord se terminer et votre solde doit être retiré. Vos données financières sont conservées sans votre nom pendant cinq ans, comme la loi l’exige. Vous pouvez annuler pendant le délai d’attente.',
  erasePassword: 'Votre mot de passe',
  eraseButton: 'Effacer mon compte',
  eraseScheduled: 'Votre compte sera effacé après le {{date}}. Nous vous avons envoyé un e-mail.',
  blockerBets_one: 'Terminez ou annulez d’abord votre pari ouvert',
  blockerBets_other: 'Terminez ou annulez d’abord vos {{count}} paris ouverts',
  blockerPools_one: 'Votre pool ouvert doit d’abord se terminer',
  blockerPools_other: 'Vos {{count}} pools ouverts doivent d’abord se terminer',
  blockerBalance: 'Retirez d’abord votre solde ({{amount}} {{currency}})',
  eraseCancel: 'Annuler l’effacement',
};
