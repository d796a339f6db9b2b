// The generated corpus for the detection accuracy report (tools/detect/accuracy.mjs)
// and the browser tests (tests/www/): our own sample sentences per language
// (written for this project; no third-party text), concatenated in a seeded
// random order up to a target length in bytes, and encoded by iconv-lite (an
// encoder independent of this package).
import iconv from 'iconv-lite';
import { createRandom as prng } from '../bench/prng.mjs';

export const SENTENCES = {
  japanese: [
    '今日は朝から雨が降っていたので、駅まで傘をさして歩きました。',
    '図書館で古い地図を見つけ、祖父の生まれた町を探してみた。',
    '新しい会議室の予約は、金曜日の午後三時までにお願いします。',
    'このカメラは小さくて軽いですが、夜の写真もきれいに撮れます。',
    '春になると川沿いの桜が咲き、たくさんの人が散歩に来ます。',
    '先週の試験の結果について、担当の先生に質問しました。',
    '台所の窓から見える山は、冬になると真っ白になる。',
    '電車が遅れたため、待ち合わせに十五分ほど遅れてしまった。',
    '「ありがとう」と言って、彼女は笑顔で手を振った。',
    'ソフトウェアの更新は、夜間に自動で行われます。',
  ],
  chinese_simplified: [
    '今天早上下了一场大雨，我们只好在家里看书。',
    '这家饭馆的面条很好吃，价格也不贵。',
    '请在星期五之前把报告发到我的电子邮箱。',
    '他每天骑自行车上班，路上大约需要二十分钟。',
    '图书馆新买了一批关于历史和地理的书。',
    '春节的时候，全家人会一起包饺子。',
    '这个城市的地铁很方便，但是早上人特别多。',
    '老师说明天的考试会比上次难一点。',
    '我们计划下个月去海边度假，顺便看看朋友。',
    '电脑突然关机了，刚才写的文件没有保存。',
  ],
  chinese_traditional: [
    '今天早上下了一場大雨，我們只好在家裡看書。',
    '這家餐廳的麵條很好吃，價格也不貴。',
    '請在星期五之前把報告寄到我的電子郵件信箱。',
    '他每天騎腳踏車上班，路上大約需要二十分鐘。',
    '圖書館新買了一批關於歷史和地理的書。',
    '過年的時候，全家人會一起吃團圓飯。',
    '這個城市的捷運很方便，但是早上人特別多。',
    '老師說明天的考試會比上次難一點。',
    '我們計畫下個月去海邊度假，順便看看朋友。',
    '電腦突然關機了，剛才寫的檔案沒有儲存。',
  ],
  korean: [
    '오늘 아침에는 비가 많이 와서 집에서 책을 읽었습니다.',
    '이 식당의 국수는 맛있고 가격도 비싸지 않아요.',
    '금요일까지 보고서를 제 이메일로 보내 주세요.',
    '그는 매일 자전거를 타고 회사에 갑니다.',
    '도서관에 역사와 지리에 관한 새 책이 들어왔습니다.',
    '설날에는 온 가족이 모여서 떡국을 먹습니다.',
    '이 도시의 지하철은 편리하지만 아침에는 사람이 많다.',
    '선생님께서 내일 시험은 지난번보다 조금 어렵다고 하셨다.',
    '다음 달에 바닷가로 여행을 가려고 계획하고 있어요.',
    '컴퓨터가 갑자기 꺼져서 작성한 파일을 저장하지 못했다.',
  ],
  russian: [
    'Сегодня утром шёл сильный дождь, поэтому мы остались дома.',
    'В этом кафе очень вкусный суп, и цены совсем небольшие.',
    'Пожалуйста, пришлите отчёт до пятницы на мою почту.',
    'Он каждый день ездит на работу на велосипеде.',
    'В библиотеку привезли новые книги по истории и географии.',
    'Зимой река замерзает, и дети катаются на коньках.',
    'Метро в этом городе удобное, но утром там много людей.',
    'Учитель сказал, что завтрашний экзамен будет труднее.',
    'В следующем месяце мы поедем к морю и навестим друзей.',
    'Компьютер внезапно выключился, и файл не сохранился.',
  ],
  greek: [
    'Σήμερα το πρωί έβρεχε πολύ, γι\' αυτό μείναμε στο σπίτι.',
    'Σε αυτό το εστιατόριο η σούπα είναι νόστιμη και φτηνή.',
    'Παρακαλώ στείλτε μου την αναφορά μέχρι την Παρασκευή.',
    'Κάθε μέρα πηγαίνει στη δουλειά με το ποδήλατο.',
    'Η βιβλιοθήκη απέκτησε νέα βιβλία ιστορίας και γεωγραφίας.',
    'Το καλοκαίρι πολλοί άνθρωποι πηγαίνουν στα νησιά.',
    'Το μετρό της πόλης είναι βολικό, αλλά το πρωί έχει κόσμο.',
    'Ο δάσκαλος είπε ότι η αυριανή εξέταση θα είναι δυσκολότερη.',
    'Τον επόμενο μήνα θα πάμε στη θάλασσα να δούμε φίλους.',
    'Ο υπολογιστής έσβησε ξαφνικά και το αρχείο δεν αποθηκεύτηκε.',
  ],
  hebrew: [
    'הבוקר ירד גשם חזק, ולכן נשארנו בבית וקראנו ספרים.',
    'במסעדה הזאת המרק טעים מאוד והמחירים נמוכים.',
    'בבקשה שלחו לי את הדוח עד יום שישי בדואר.',
    'הוא נוסע לעבודה באופניים בכל יום.',
    'לספרייה הגיעו ספרים חדשים על היסטוריה וגאוגרפיה.',
    'בקיץ אנשים רבים נוסעים לחוף הים עם המשפחה.',
    'הרכבת בעיר נוחה, אבל בבוקר יש בה הרבה אנשים.',
    'המורה אמר שהמבחן של מחר יהיה קשה יותר.',
    'בחודש הבא ניסע לים ונבקר חברים ותיקים.',
    'המחשב כבה פתאום והקובץ לא נשמר.',
  ],
  arabic: [
    'كان المطر غزيرا هذا الصباح، لذلك بقينا في البيت.',
    'الحساء في هذا المطعم لذيذ والأسعار مناسبة.',
    'من فضلك أرسل التقرير إلى بريدي قبل يوم الجمعة.',
    'يذهب إلى العمل كل يوم بالدراجة.',
    'وصلت إلى المكتبة كتب جديدة عن التاريخ والجغرافيا.',
    'في الصيف يسافر كثير من الناس إلى البحر.',
    'المترو في هذه المدينة مريح، لكنه مزدحم في الصباح.',
    'قال المعلم إن امتحان الغد سيكون أصعب.',
    'في الشهر القادم سنزور أصدقاءنا في الإسكندرية.',
    'انطفأ الحاسوب فجأة ولم يحفظ الملف.',
  ],
  western: [
    'Ce matin, il pleuvait très fort, alors nous sommes restés à la maison.',
    'Dans ce café, la soupe est délicieuse et les prix sont raisonnables.',
    'Pourriez-vous m\'envoyer le rapport avant vendredi, s\'il vous plaît ?',
    'Er fährt jeden Tag mit dem Fahrrad zur Arbeit, auch im Winter.',
    'Die Bibliothek hat neue Bücher über Geschichte und Erdkunde gekauft.',
    'Mañana iremos a la playa con nuestros amigos de Málaga.',
    'El metro de esta ciudad es cómodo, pero por la mañana está lleno.',
    'Le professeur a dit que l\'examen de demain serait plus difficile.',
    'Nächsten Monat fahren wir an die Küste und besuchen Freunde.',
    'L\'ordinateur s\'est éteint soudain et le fichier n\'a pas été enregistré.',
  ],
};

/** Each language's legacy encodings (labels iconv-lite and TextDecoder both know). */
export const ENCODINGS = {
  japanese: ['shift_jis', 'euc-jp'],
  chinese_simplified: ['gbk', 'gb18030'],
  chinese_traditional: ['big5'],
  korean: ['euc-kr'],
  russian: ['windows-1251', 'koi8-r', 'ibm866', 'iso-8859-5'],
  greek: ['windows-1253', 'iso-8859-7'],
  hebrew: ['windows-1255', 'iso-8859-8'],
  arabic: ['windows-1256', 'iso-8859-6'],
  western: ['windows-1252', 'iso-8859-15'],
};

export const LENGTHS = [20, 50, 100, 300, 1000, 10000, 100000];

/** The benchmarks' seeded PRNG (mulberry32), so the corpus is the same on every run. */
export { prng };

export function encode(text, encoding) {
  const bytes = iconv.encode(text, encoding);
  if (iconv.decode(bytes, encoding) !== text) throw new Error(`corpus: ${encoding} cannot encode ${JSON.stringify(text)}`);
  return bytes;
}

/**
 * A text of `language` whose `encoding` form is at most `length` bytes (and
 * as close as whole characters allow): seeded random sentences, then cut at a
 * character. Returns { text, bytes }.
 */
export function sample(language, encoding, length, seed) {
  const random = prng(seed);
  const sentences = SENTENCES[language];
  const separator = language === 'japanese' || language.startsWith('chinese') ? '' : ' ';
  // Whole sentences while they fit (sentence by sentence: these encodings are
  // stateless, so the byte lengths add up), then the next one cut at a character.
  let text = '';
  let used = 0;
  for (;;) {
    const next = (text === '' ? '' : separator) + sentences[Math.floor(random() * sentences.length)];
    const size = encode(next, encoding).length;
    if (used + size <= length) {
      text += next;
      used += size;
      if (used === length) break;
      continue;
    }
    const chars = Array.from(next);
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (used + encode(chars.slice(0, mid).join(''), encoding).length <= length) lo = mid;
      else hi = mid - 1;
    }
    text += chars.slice(0, lo).join('');
    break;
  }
  return { text, bytes: encode(text, encoding) };
}
