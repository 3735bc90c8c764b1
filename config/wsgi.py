import os

from django.core.wsgi import get_wsgi_application

from config.serving import refuse_without_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
refuse_without_secret_key()
