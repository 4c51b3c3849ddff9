import type { Locale } from './i18n/messages.ts';

/**
 * The words of the IP location service, in English. A location is system data (the service writes it:
 * '中国 广东 深圳 移动', words separated by spaces), not what a person typed, so the console shows it in the
 * reader's language. Stored and compared as the service writes it (contracts/access-log.ts reads '中国');
 * only its display changes. A word the table lacks stays as written (a new place the service learnt).
 */
const PLACE_WORDS_EN: Readonly<Record<string, string>> = {
  // Countries and regions.
  中国: 'China',
  美国: 'United States',
  日本: 'Japan',
  澳大利亚: 'Australia',
  英国: 'United Kingdom',
  新加坡: 'Singapore',
  韩国: 'South Korea',
  香港: 'Hong Kong',
  台湾: 'Taiwan',
  澳门: 'Macao',
  本机: 'Local host',
  局域网: 'Local network',
  未知: 'Unknown',
  // Provinces and municipalities.
  北京: 'Beijing',
  上海: 'Shanghai',
  天津: 'Tianjin',
  重庆: 'Chongqing',
  广东: 'Guangdong',
  云南: 'Yunnan',
  浙江: 'Zhejiang',
  山东: 'Shandong',
  江苏: 'Jiangsu',
  河北: 'Hebei',
  河南: 'Henan',
  四川: 'Sichuan',
  湖北: 'Hubei',
  湖南: 'Hunan',
  福建: 'Fujian',
  安徽: 'Anhui',
  江西: 'Jiangxi',
  广西: 'Guangxi',
  陕西: 'Shaanxi',
  山西: 'Shanxi',
  辽宁: 'Liaoning',
  吉林: 'Jilin',
  黑龙江: 'Heilongjiang',
  贵州: 'Guizhou',
  海南: 'Hainan',
  甘肃: 'Gansu',
  // Cities.
  深圳: 'Shenzhen',
  广州: 'Guangzhou',
  昆明: 'Kunming',
  杭州: 'Hangzhou',
  宁波: 'Ningbo',
  济南: 'Jinan',
  青岛: 'Qingdao',
  南京: 'Nanjing',
  苏州: 'Suzhou',
  石家庄: 'Shijiazhuang',
  保定: 'Baoding',
  成都: 'Chengdu',
  武汉: 'Wuhan',
  旧金山: 'San Francisco',
  东京: 'Tokyo',
  大阪: 'Osaka',
  伦敦: 'London',
  首尔: 'Seoul',
  // Carriers.
  移动: 'China Mobile',
  联通: 'China Unicom',
  电信: 'China Telecom',
};

/** A location (or one of its words) in `lng`: word by word in English, as written in Chinese. */
export function placeIn(text: string, lng: Locale): string {
  if (lng !== 'en' || !text) return text;
  return text
    .split(/(\s+)/)
    .map((w) => PLACE_WORDS_EN[w] ?? w)
    .join('');
}
