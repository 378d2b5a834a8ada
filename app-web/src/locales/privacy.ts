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
};
export type PrivacyTranslations = typeof enPrivacy;

export const esPrivacy: PrivacyTranslations = {
  title: 'Tus datos',
  intro: 'Descarga una copia de todo lo que guardamos sobre ti: tu perfil, el historial de tu cuenta y tu monedero, tus apuestas, los mensajes de chat que enviaste y tus notificaciones, en un archivo JSON.',
  download: 'Descargar mis datos',
  preparing: 'Preparando tu copia…',
  ready: 'Tu copia se ha descargado ({{file}}).',
  failed: 'No se pudo preparar tu copia. Inténtalo de nuevo.',
};

export const frPrivacy: PrivacyTranslations = {
  title: 'Vos données',
  intro: 'Téléchargez une copie de tout ce que nous conservons sur vous : votre profil, l’historique de votre compte et de votre portefeuille, vos paris, les messages de chat que vous avez envoyés et vos notifications, dans un fichier JSON.',
  download: 'Télécharger mes données',
  preparing: 'Préparation de votre copie…',
  ready: 'Votre copie est téléchargée ({{file}}).',
  failed: 'Impossible de préparer votre copie. Veuillez réessayer.',
};
